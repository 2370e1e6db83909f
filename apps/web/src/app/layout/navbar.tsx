import { ArrowLeftOutlined, MenuFoldOutlined, MenuUnfoldOutlined } from "@ant-design/icons";
import { Button, Layout, Tooltip } from "antd";
import { lazy, Suspense } from "react";
import { useTranslation } from "react-i18next";
import { useLocation, useNavigate } from "react-router";
import { LanguageSelect } from "../../components/language-select.tsx";
import { AnnouncementBell } from "../../features/announcements/components/announcement-bell.tsx";
import { appEnvironment } from "../../lib/environment.ts";
import { homePath, matchRoute, titleKeyOf } from "../route-registry.ts";
import { useUserState } from "../user-store.ts";
import { DisplaySettingsButton } from "./display-settings-button.tsx";
import { UserDropdown } from "./user-dropdown.tsx";

// Shown in the test environment only: antd's Tag stays out of production's first load.
const EnvironmentTag = lazy(() => import("./environment-tag.tsx"));

export function Navbar({
  sidebarOpened,
  onToggleSidebar,
  compact,
}: {
  sidebarOpened: boolean;
  onToggleSidebar: () => void;
  compact: boolean;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname, search } = useLocation();
  const { user, allowedRoutes } = useUserState();
  const route = matchRoute(pathname);
  const showBack = route !== undefined && !route.noBack;
  const title = route && !route.hideTitle ? t(titleKeyOf(route, search)) : "";

  const goBack = () => {
    // A page opened directly (no history entry of ours) goes to the module home instead of leaving the app.
    const index = (window.history.state as { idx?: number } | null)?.idx ?? 0;
    if (index > 0) navigate(-1);
    else navigate(homePath(user?.authorityNum ?? null, allowedRoutes) ?? "/");
  };

  return (
    <Layout.Header className="navbar">
      <Tooltip title={sidebarOpened ? t("common:layout.collapseMenu") : t("common:layout.expandMenu")}>
        <Button
          type="text"
          className="navbar-icon-button"
          aria-label={sidebarOpened ? t("common:layout.collapseMenu") : t("common:layout.expandMenu")}
          icon={sidebarOpened ? <MenuFoldOutlined /> : <MenuUnfoldOutlined />}
          onClick={onToggleSidebar}
        />
      </Tooltip>
      {showBack ? (
        <Button
          type="text"
          className="navbar-back"
          aria-label={t("common:actions.back")}
          icon={<ArrowLeftOutlined />}
          onClick={goBack}
        >
          {compact ? null : t("common:actions.back")}
        </Button>
      ) : null}
      <h1 className="navbar-title" title={title}>
        {title}
      </h1>
      <div className="navbar-right">
        {appEnvironment() === "test" ? (
          <Suspense fallback={null}>
            <EnvironmentTag />
          </Suspense>
        ) : null}
        <AnnouncementBell />
        <LanguageSelect compact={compact} className="navbar-language" />
        <DisplaySettingsButton />
        <UserDropdown compact={compact} />
      </div>
    </Layout.Header>
  );
}
