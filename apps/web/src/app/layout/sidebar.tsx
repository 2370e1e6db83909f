import { Menu, type MenuProps } from "antd";
import { useEffect, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { homePath, matchRoute } from "../route-registry.ts";
import { useUserState } from "../user-store.ts";
import { menuIcon } from "./menu-icons.tsx";
import { buildMenu, type MenuNode } from "./menu-model.ts";

type MenuItems = NonNullable<MenuProps["items"]>;

/** Long titles wrap onto a second line (layout.css); the title attribute names them in full on hover too. */
const labelOf = (text: string) => <span title={text}>{text}</span>;

const toItems = (nodes: readonly MenuNode[], t: (key: string) => string): MenuItems =>
  nodes.map((node) =>
    node.children
      ? {
          key: node.key,
          icon: menuIcon(node.icon),
          label: labelOf(t(node.titleKey)),
          children: toItems(node.children, t),
        }
      : { key: node.key, icon: menuIcon(node.icon), label: labelOf(t(node.titleKey)) },
  );

/** The logo mark: a stylised V in the theme colour. */
function LogoMark() {
  return (
    <svg className="sidebar-logo-mark" viewBox="0 0 64 64" aria-hidden="true">
      <rect width="64" height="64" rx="14" className="sidebar-logo-tile" />
      <path d="M14 20h8l10 22 10-22h8L36 48h-8z" fill="#fff" />
    </svg>
  );
}

export function Sidebar({
  collapsed,
  showLogo,
  onNavigate,
}: {
  collapsed: boolean;
  /** The display setting "sidebar logo" (SPEC section 3). */
  showLogo: boolean;
  onNavigate?: () => void;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  const { menu, allowedRoutes, user } = useUserState();
  const nodes = useMemo(() => buildMenu(menu, allowedRoutes), [menu, allowedRoutes]);
  const items = useMemo(() => toItems(nodes, t), [nodes, t]);

  const route = matchRoute(pathname);
  const activeGroup = route?.group ?? null;
  const [openKeys, setOpenKeys] = useState<string[]>(activeGroup ? [activeGroup] : []);
  useEffect(() => {
    if (activeGroup) setOpenKeys((keys) => (keys.includes(activeGroup) ? keys : [...keys, activeGroup]));
  }, [activeGroup]);

  const authorityNum = user?.authorityNum ?? null;
  const logoText = authorityNum === 5 ? t("common:brand.checker") : t("common:brand.distributor");
  const home = homePath(authorityNum, allowedRoutes) ?? "/";

  return (
    <div className="sidebar">
      {showLogo ? (
        <button
          type="button"
          className={collapsed ? "sidebar-logo sidebar-logo-collapsed" : "sidebar-logo"}
          onClick={() => {
            navigate(home);
            onNavigate?.();
          }}
          title={logoText}
        >
          <LogoMark />
          {collapsed ? null : <span className="sidebar-logo-text">{logoText}</span>}
        </button>
      ) : null}
      <Menu
        className="sidebar-menu"
        theme="dark"
        mode="inline"
        inlineIndent={18}
        inlineCollapsed={collapsed}
        items={items}
        selectedKeys={route ? [route.path] : []}
        // Controlled open groups only when expanded: collapsed, sub-menus are pop-ups opened on hover.
        {...(collapsed ? {} : { openKeys, onOpenChange: (keys: string[]) => setOpenKeys(keys) })}
        onClick={({ key }) => {
          navigate(key);
          onNavigate?.();
        }}
      />
    </div>
  );
}
