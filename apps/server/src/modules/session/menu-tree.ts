import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import type { MenuRow } from "./menu.repository.ts";

/** Nests flat menu rows by `pid`, keeping their order; rows whose parent is gone are dropped. */
export const buildMenuTree = (rows: MenuRow[], exclude: ReadonlySet<string> = new Set()): TMenuEntry[] => {
  const kept = rows.filter((r) => !exclude.has(r.url));
  const byParent = new Map<number, MenuRow[]>();
  for (const row of kept) byParent.set(row.pid, [...(byParent.get(row.pid) ?? []), row]);
  const build = (pid: number): TMenuEntry[] =>
    (byParent.get(pid) ?? []).map((r) => ({
      id: r.id,
      menuName: r.menuName,
      pid: r.pid,
      url: r.url,
      icon: r.icon,
      children: build(r.id),
    }));
  return build(0);
};
