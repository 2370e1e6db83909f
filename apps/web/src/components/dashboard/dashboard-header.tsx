import { ReloadOutlined } from "@ant-design/icons";
import { Button } from "antd";
import "./dashboard.css";

interface DashboardHeaderProps {
  heading: string;
  subheading: string;
  /** "Updated 09:41" once the figures have arrived; nothing before. */
  updated: string | null;
  refreshLabel: string;
  refreshing: boolean;
  onRefresh: () => void;
}

/** The head of a module's home: what it shows, when its figures were read, and a refresh button. */
export function DashboardHeader({
  heading,
  subheading,
  updated,
  refreshLabel,
  refreshing,
  onRefresh,
}: DashboardHeaderProps) {
  return (
    <div className="dashboard-header">
      <div>
        <h4 className="dashboard-heading">{heading}</h4>
        <span className="dashboard-secondary">{subheading}</span>
      </div>
      <div className="dashboard-header-side">
        {updated !== null && <span className="dashboard-secondary dashboard-updated">{updated}</span>}
        <Button icon={<ReloadOutlined />} onClick={onRefresh} loading={refreshing}>
          {refreshLabel}
        </Button>
      </div>
    </div>
  );
}
