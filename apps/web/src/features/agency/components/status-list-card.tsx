import { RightOutlined } from "@ant-design/icons";
import { Link } from "react-router";
import { DashboardCard } from "../../../components/dashboard/dashboard-card.tsx";

interface StatusRow {
  status: number;
  label: string;
  count: number;
  color: string;
}

interface StatusListCardProps {
  title: string;
  rows: StatusRow[];
  linkOf: (status: number) => string;
}

/** Counts per status with a share bar; each row opens the list filtered to that status. */
export function StatusListCard({ title, rows, linkOf }: StatusListCardProps) {
  const total = rows.reduce((sum, r) => sum + r.count, 0);
  return (
    <DashboardCard title={title}>
      <div className="agency-status-bar" aria-hidden>
        {rows
          .filter((r) => r.count > 0)
          .map((r) => (
            <span key={r.status} style={{ flexGrow: r.count, background: r.color }} />
          ))}
      </div>
      <ul className="agency-status-list">
        {rows.map((r) => (
          <li key={r.status}>
            <Link to={linkOf(r.status)} className="agency-status-row" aria-label={`${title} · ${r.label}: ${r.count}`}>
              <i className="agency-dot" style={{ background: r.color }} />
              <span className="agency-status-label">{r.label}</span>
              <span className="agency-status-count">{r.count.toLocaleString()}</span>
              <span className="agency-status-share">{total ? `${Math.round((r.count / total) * 100)}%` : "–"}</span>
              <RightOutlined className="agency-status-arrow" />
            </Link>
          </li>
        ))}
      </ul>
    </DashboardCard>
  );
}
