import { RightOutlined } from "@ant-design/icons";
import { formatNumber } from "@vrf/contract/number.ts";
import type { ReactNode } from "react";
import { Link } from "react-router";

interface KpiCardProps {
  to: string;
  title: string;
  value: number;
  icon: ReactNode;
  /** Accent of the icon and, for "danger", the figure. */
  tone: "teal" | "blue" | "danger" | "amber";
  footer: ReactNode;
}

/** Counts from here on are shown in SPEC section 9's units (12.3k); the exact figure is on hover. */
const SHORTEN_FROM = 10_000;

/** A headline figure that opens the list it counts; the whole card is the link. */
export function KpiCard({ to, title, value, icon, tone, footer }: KpiCardProps) {
  return (
    <Link to={to} className={`agency-kpi agency-tone-${tone}`} aria-label={`${title}: ${value}`}>
      <div className="agency-kpi-head">
        <span className="agency-kpi-icon" aria-hidden>
          {icon}
        </span>
        <span className="agency-kpi-title">{title}</span>
        <RightOutlined className="agency-kpi-arrow" aria-hidden />
      </div>
      <div className="agency-kpi-value" title={value >= SHORTEN_FROM ? value.toLocaleString() : undefined}>
        {value >= SHORTEN_FROM ? formatNumber(value) : value.toLocaleString()}
      </div>
      <div className="agency-kpi-footer">{footer}</div>
    </Link>
  );
}
