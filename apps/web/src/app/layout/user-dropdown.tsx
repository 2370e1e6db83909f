import {
  DownOutlined,
  KeyOutlined,
  LogoutOutlined,
  SettingOutlined,
  SwapOutlined,
  TeamOutlined,
  UserOutlined,
} from "@ant-design/icons";
import { Dropdown, type MenuProps } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate } from "react-router";
import { LOGIN_PATH, MODULE_CHOICE_PATH } from "../guard.ts";
import { logout } from "../logout.ts";
import { routeByName } from "../route-registry.ts";
import { useUserState } from "../user-store.ts";
import { UserAvatar } from "./user-avatar.tsx";
import { type UserMenuKey, userMenuKeys } from "./user-menu.ts";

const pathOf = (name: string) => routeByName(name)?.path ?? "/";

export function UserDropdown({ compact }: { compact: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { user } = useUserState();
  const authorityNum = user?.authorityNum ?? null;

  const targets: Record<Exclude<UserMenuKey, "logout">, string> = {
    switchModule: MODULE_CHOICE_PATH,
    subDistributors: pathOf("distributorManagement"),
    settings: pathOf("personInfoEdit"),
    // The checker module has its own route name for the page (SPEC section 2).
    changePassword: pathOf(authorityNum === 5 ? "changePwd2" : "changePwd"),
    personalInfo: pathOf("perInfo"),
  };
  const icons: Record<UserMenuKey, ReactNode> = {
    switchModule: <SwapOutlined />,
    subDistributors: <TeamOutlined />,
    settings: <SettingOutlined />,
    changePassword: <KeyOutlined />,
    personalInfo: <UserOutlined />,
    logout: <LogoutOutlined />,
  };

  const keys = userMenuKeys(authorityNum, user?.roleNum ?? null);
  const items: MenuProps["items"] = keys.flatMap((key) => {
    const item = { key, icon: icons[key], label: t(`common:user.${key}`), danger: key === "logout" };
    return key === "logout" ? [{ type: "divider" as const }, item] : [item];
  });

  const name = user?.name || user?.account || "";
  return (
    <Dropdown
      trigger={["click"]}
      placement="bottomRight"
      menu={{
        items,
        onClick: ({ key }) => {
          if (key === "logout") {
            void logout().then(() => navigate(LOGIN_PATH, { replace: true }));
            return;
          }
          navigate(targets[key as Exclude<UserMenuKey, "logout">]);
        },
      }}
    >
      <button type="button" className="navbar-user" aria-label={t("common:user.menu")}>
        <UserAvatar src={user?.avatar || undefined} fallback={name.slice(0, 1).toUpperCase() || <UserOutlined />} />
        {compact ? null : <span className="navbar-user-name">{name}</span>}
        {compact ? null : <DownOutlined className="navbar-user-caret" />}
      </button>
    </Dropdown>
  );
}
