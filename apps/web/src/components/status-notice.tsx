import { CloseCircleFilled, ExclamationCircleFilled, WarningFilled } from "@ant-design/icons";
import type { ReactNode } from "react";
import "./status-notice.css";

const ICONS = {
  error: <CloseCircleFilled />,
  warning: <WarningFilled />,
  info: <ExclamationCircleFilled />,
};

/**
 * An icon, a title, a line of detail and actions, laid out like antd's Result. Used where a page
 * only needs an icon status (a failed load, a crash): importing Result brings its three large
 * illustrations (404, 403, 500) along, which the pages in the first load must not carry.
 */
export function StatusNotice({
  status,
  title,
  subTitle,
  extra,
  className,
}: {
  status: keyof typeof ICONS;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  className?: string;
}) {
  return (
    <div className={["status-notice", `status-notice--${status}`, className].filter(Boolean).join(" ")}>
      <div className="status-notice-icon">{ICONS[status]}</div>
      <div className="status-notice-title">{title}</div>
      {subTitle && <div className="status-notice-subtitle">{subTitle}</div>}
      {extra && <div className="status-notice-extra">{extra}</div>}
    </div>
  );
}
