import { ConfigProvider } from "antd";
import type { ReactNode } from "react";
import "./dashboard.css";

interface DashboardCardProps {
  title: ReactNode;
  extra?: ReactNode;
  children: ReactNode;
}

/**
 * A card of a module's home below the headline figures: antd's borderless Card as it looks in
 * both sizes of the display settings, drawn from antd's theme tokens (dashboard.css) instead of
 * with antd's Card, which brings its Tabs along: about 12 kB of compressed script in the first
 * load of the module's home, which stays within the first-load budget (e2e/bundle-budget.test.ts).
 */
export function DashboardCard({ title, extra, children }: DashboardCardProps) {
  const { componentSize } = ConfigProvider.useConfig();
  return (
    <div className={componentSize === "small" ? "dashboard-card dashboard-card-small" : "dashboard-card"}>
      <div className="dashboard-card-head">
        <div className="dashboard-card-title">{title}</div>
        {extra ? <div className="dashboard-card-extra">{extra}</div> : null}
      </div>
      <div className="dashboard-card-body">{children}</div>
    </div>
  );
}
