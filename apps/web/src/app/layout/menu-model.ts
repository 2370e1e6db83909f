import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import { MENU_ICON_NAMES, type MenuIconName, routeByName } from "../route-registry.ts";

export interface MenuNode {
  /** Route path for pages (what the menu navigates to); the group name for groups. */
  key: string;
  name: string;
  titleKey: string;
  icon: MenuIconName | null;
  children?: MenuNode[];
}

const ICON_NAMES: ReadonlySet<string> = new Set(MENU_ICON_NAMES);

const iconOf = (server: string | null, fallback: MenuIconName | null): MenuIconName | null =>
  server && ICON_NAMES.has(server) ? (server as MenuIconName) : fallback;

/**
 * The sidebar from the server's menu tree, in the server's order: entries the
 * registry does not know, hidden ones and ones not allowed are left out; a group
 * with nothing visible left is dropped.
 */
export const buildMenu = (menu: readonly TMenuEntry[], allowed: ReadonlySet<string>): MenuNode[] => {
  const nodes: MenuNode[] = [];
  for (const item of menu) {
    const route = routeByName(item.url);
    if (!route || route.hidden || !allowed.has(route.name)) continue;
    const icon = iconOf(item.icon, route.icon);
    if (route.kind === "group") {
      const children = buildMenu(item.children ?? [], allowed);
      if (children.length > 0)
        nodes.push({ key: route.name, name: route.name, titleKey: route.titleKey, icon, children });
    } else {
      nodes.push({ key: route.path, name: route.name, titleKey: route.titleKey, icon });
    }
  }
  return nodes;
};
