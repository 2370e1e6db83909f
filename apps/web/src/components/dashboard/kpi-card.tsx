import { RightOutlined } from "@ant-design/icons";
import { formatNumber } from "@vrf/contract/number.ts";
import { Skeleton } from "antd";
import type { ReactNode } from "react";
import { Link } from "react-router";
import "./dashboard.css";

export type KpiTone = "teal" | "blue" | "danger" | "amber" | "purple" | "grey";

interface KpiCardProps {
  to: string;
  title: string;
  value: number;
  /** The figure as written, when it is not a plain count (an amount of storage): shown in place of `value`. */
  valueText?: string;
  icon: ReactNode;
  /** Accent of the icon and, for "danger", the figure. */
  tone: KpiTone;
  footer: ReactNode;
}

/** Counts from here on are shown in SPEC section 9's units (12.3k); the exact figure is on hover. */
const SHORTEN_FROM = 10_000;

/** A headline figure of a module's home that opens the list it counts; the whole card is the link. */
export function KpiCard({ to, title, value, valueText, icon, tone, footer }: KpiCardProps) {
  const shortened = valueText === undefined && value >= SHORTEN_FROM;
  return (
    <Link to={to} className={`dashboard-kpi dashboard-tone-${tone}`} aria-label={`${title}: ${valueText ?? value}`}>
      <div className="dashboard-kpi-head">
        <span className="dashboard-kpi-icon" aria-hidden>
          {icon}
        </span>
        <span className="dashboard-kpi-title">{title}</span>
        <RightOutlined className="dashboard-kpi-arrow" aria-hidden />
      </div>
      <div className="dashboard-kpi-value" title={shortened ? value.toLocaleString() : undefined}>
        {valueText ?? (shortened ? formatNumber(value) : value.toLocaleString())}
      </div>
      <div className="dashboard-kpi-footer">{footer}</div>
    </Link>
  );
}

/** A headline figure's place while the figures load. */
export function KpiCardSkeleton() {
  return (
    <div className="dashboard-kpi dashboard-kpi-skeleton">
      <Skeleton active paragraph={{ rows: 2 }} />
    </div>
  );
}
