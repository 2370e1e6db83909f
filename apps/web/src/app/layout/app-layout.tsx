import { SIDEBAR_WIDTH_PX } from "@vrf/contract/constants.ts";
import { Layout } from "antd";
import { lazy, Suspense, useEffect, useState } from "react";
import { useLocation } from "react-router";
import { getSidebarOpened, setSidebarOpened } from "../../lib/storage.ts";
import { HOME_ROUTE_BY_AUTHORITY, matchRoute, routeByName, titleKeyOf } from "../route-registry.ts";
import { ShellPagesProvider } from "../shell-page.tsx";
import { tagsStore } from "../tags-store.ts";
import { useShownSettings } from "../user-settings-store.ts";
import { useUserState } from "../user-store.ts";
import { KeptOutlet } from "./kept-outlet.tsx";
import { Navbar } from "./navbar.tsx";
import { shellPages } from "./shell-pages.ts";
import { Sidebar } from "./sidebar.tsx";
import { TagsView } from "./tags-view.tsx";
import { useIsMobile } from "./use-is-mobile.ts";
import "./layout.css";

const COLLAPSED_WIDTH_PX = 64;

// Mobile mode only; it opens closed, so nothing is missed while it loads.
const SidebarDrawer = lazy(() => import("./sidebar-drawer.tsx"));

/** Keeps the tags view in step with navigation; the module's home is always there as the affix tab. */
function useTagsFollowNavigation() {
  const { pathname, search } = useLocation();
  const { user, allowedRoutes } = useUserState();
  const homeName = user ? HOME_ROUTE_BY_AUTHORITY[user.authorityNum] : undefined;

  useEffect(() => {
    const home = homeName ? routeByName(homeName) : undefined;
    if (!home || !allowedRoutes.has(home.name)) return;
    tagsStore.add({
      name: home.name,
      fullPath: home.path,
      titleKey: home.titleKey,
      affix: true,
      noCache: home.noCache,
    });
  }, [homeName, allowedRoutes]);

  useEffect(() => {
    const route = matchRoute(pathname);
    if (route?.kind !== "page" || route.forwards || !allowedRoutes.has(route.name)) return;
    tagsStore.add({
      name: route.name,
      fullPath: `${route.path}${search}`,
      titleKey: titleKeyOf(route, search),
      affix: route.name === homeName,
      noCache: route.noCache,
    });
  }, [pathname, search, allowedRoutes, homeName]);
}

/** Sidebar (drawer below 992 px), top bar, tags view and the page; the display settings decide what shows. */
export function AppLayout() {
  const { pathname } = useLocation();
  const isMobile = useIsMobile();
  const settings = useShownSettings();
  const [opened, setOpened] = useState(getSidebarOpened);
  const [drawerOpen, setDrawerOpen] = useState(false);
  useTagsFollowNavigation();

  // biome-ignore lint/correctness/useExhaustiveDependencies: close the mobile drawer after every navigation.
  useEffect(() => {
    setDrawerOpen(false);
  }, [pathname]);

  const toggleSidebar = () => {
    if (isMobile) {
      setDrawerOpen((open) => !open);
      return;
    }
    setOpened((open) => {
      setSidebarOpened(!open);
      return !open;
    });
  };

  return (
    <Layout className="app-layout" hasSider={!isMobile}>
      {isMobile ? (
        <Suspense fallback={null}>
          <SidebarDrawer open={drawerOpen} showLogo={settings.sidebarLogo} onClose={() => setDrawerOpen(false)} />
        </Suspense>
      ) : (
        <Layout.Sider
          className="app-sider"
          width={SIDEBAR_WIDTH_PX}
          collapsedWidth={COLLAPSED_WIDTH_PX}
          collapsed={!opened}
          collapsible
          trigger={null}
        >
          <Sidebar collapsed={!opened} showLogo={settings.sidebarLogo} />
        </Layout.Sider>
      )}
      <Layout className="app-main">
        <div className={settings.fixedHeader ? "app-header app-header-fixed" : "app-header"}>
          <Navbar sidebarOpened={isMobile ? drawerOpen : opened} onToggleSidebar={toggleSidebar} compact={isMobile} />
          {settings.tagsView ? <TagsView /> : null}
        </div>
        <Layout.Content className="app-content">
          <ShellPagesProvider value={shellPages}>
            <KeptOutlet />
          </ShellPagesProvider>
        </Layout.Content>
      </Layout>
    </Layout>
  );
}
