import { RightOutlined } from "@ant-design/icons";
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
      <div className="agency-kpi-value">{value.toLocaleString()}</div>
      <div className="agency-kpi-footer">{footer}</div>
    </Link>
  );
}
