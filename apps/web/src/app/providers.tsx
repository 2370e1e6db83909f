import { QueryClientProvider } from "@tanstack/react-query";
import { THEME_COLOR } from "@vrf/contract/constants.ts";
import { App as AntApp, ConfigProvider } from "antd";
import { type ReactNode, useEffect } from "react";
import { bindFeedback } from "../lib/feedback.ts";
import { antdLocale } from "../lib/i18n.ts";
import { queryClient } from "./query-client.ts";

const theme = {
  token: {
    colorPrimary: THEME_COLOR,
    colorInfo: THEME_COLOR,
    colorLink: THEME_COLOR,
    borderRadius: 6,
    fontFamily:
      '-apple-system, BlinkMacSystemFont, "Segoe UI", "PingFang SC", "Hiragino Sans GB", "Microsoft YaHei", "Helvetica Neue", Helvetica, Arial, "Noto Sans", "Noto Sans CJK SC", sans-serif',
  },
  components: {
    Layout: { siderBg: "#1f2d3d", headerBg: "#ffffff", bodyBg: "#f0f2f5", headerHeight: 50, headerPadding: "0 12px" },
    Menu: {
      darkItemBg: "#1f2d3d",
      darkSubMenuItemBg: "#18232f",
      darkItemSelectedBg: THEME_COLOR,
      darkPopupBg: "#1f2d3d",
    },
  },
};

/** Hands antd's themed message/modal instances to code outside React (api client, live socket). */
function FeedbackBinder() {
  const { message, modal } = AntApp.useApp();
  useEffect(() => bindFeedback(message, modal), [message, modal]);
  return null;
}

export function Providers({ children }: { children: ReactNode }) {
  return (
    <ConfigProvider locale={antdLocale()} componentSize="small" theme={theme}>
      <AntApp>
        <FeedbackBinder />
        <QueryClientProvider client={queryClient}>{children}</QueryClientProvider>
      </AntApp>
    </ConfigProvider>
  );
}
