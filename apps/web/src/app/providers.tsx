import { QueryClientProvider } from "@tanstack/react-query";
import { App as AntApp, theme as antdTheme, ConfigProvider, type ThemeConfig } from "antd";
import { type ReactNode, useEffect, useMemo } from "react";
import { bindFeedback } from "../lib/feedback.ts";
import { antdLocale } from "../lib/i18n.ts";
import { antdSizeOf } from "../lib/user-settings.ts";
import { queryClient } from "./query-client.ts";
import { useShownSettings } from "./user-settings-store.ts";

/** antd's theme for one theme colour (SPEC section 3 "Settings"). */
const themeOf = (primary: string): ThemeConfig => ({
  token: {
    colorPrimary: primary,
    colorInfo: primary,
    colorLink: primary,
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Helvetica Neue", Helvetica, Arial, "Noto Sans", "Noto Sans CJK SC", sans-serif',
  },
  components: {
    Layout: { siderBg: "#1f2d3d", headerBg: "#ffffff", bodyBg: "#f0f2f5", headerHeight: 50, headerPadding: "0 12px" },
    Menu: {
      darkItemBg: "#1f2d3d",
      darkSubMenuItemBg: "#18232f",
      darkItemSelectedBg: primary,
      darkPopupBg: "#1f2d3d",
    },
  },
});

/**
 * The app's own CSS (tags view, avatar, accents of shared components) reads the theme colour
 * from custom properties on the root, derived by antd from the same token so hover and light
 * shades match antd's own components.
 */
function ThemeColourProperties() {
  const { token } = antdTheme.useToken();
  useEffect(() => {
    const root = document.documentElement.style;
    root.setProperty("--app-primary", token.colorPrimary);
    root.setProperty("--app-primary-hover", token.colorPrimaryHover);
    root.setProperty("--app-primary-active", token.colorPrimaryActive);
    root.setProperty("--app-primary-bg", token.colorPrimaryBg);
  }, [token.colorPrimary, token.colorPrimaryHover, token.colorPrimaryActive, token.colorPrimaryBg]);
  return null;
}

/** Hands antd's themed message/modal instances to code outside React (api client, live socket). */
function FeedbackBinder() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  const settings = useShownSettings();
  const theme = useMemo(() => themeOf(settings.themeColor), [settings.themeColor]);
  return (
    <ConfigProvider locale={antdLocale()} componentSize={antdSizeOf(settings.size)} theme={theme}>
      <ThemeColourProperties />
      <AntApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
