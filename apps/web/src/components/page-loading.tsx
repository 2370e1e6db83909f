import { Spin } from "antd";
import "./page-loading.css";

/** Shown inside the layout while a page's code loads. */
export function PageLoading() {
  return (
    <div className="page-loading">
      <Spin />
    </div>
  );
}
