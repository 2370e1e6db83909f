import { CheckCircleOutlined, CloseCircleOutlined, FileTextOutlined, MinusCircleOutlined } from "@ant-design/icons";
import type { TDryRunResult } from "@vrf/contract/device-import/dry-run.ts";
import { Card, Col, Row, Statistic } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { RowView } from "../utils/row-view.ts";

const TILES: { view: RowView; key: "total" | "ok" | "registered" | "error"; color: string; icon: ReactNode }[] = [
  { view: "all", key: "total", color: "#595959", icon: <FileTextOutlined /> },
  { view: "ok", key: "ok", color: "#389e0d", icon: <CheckCircleOutlined /> },
  { view: "registered", key: "registered", color: "#8c8c8c", icon: <MinusCircleOutlined /> },
  { view: "error", key: "error", color: "#cf1322", icon: <CloseCircleOutlined /> },
];

/** The counts of the dry run; a tile also picks the matching filter. */
export function CheckSummary({
  summary,
  view,
  onView,
}: {
  summary: TDryRunResult["summary"];
  view: RowView;
  onView: (view: RowView) => void;
}) {
  const { t } = useTranslation("deviceImport");
  return (
    <Row gutter={[12, 12]}>
      {TILES.map((tile) => (
        <Col key={tile.key} xs={12} md={6}>
          <Card
            size="small"
            hoverable
            className={`device-import-tile${view === tile.view ? " is-active" : ""}`}
            onClick={() => onView(tile.view)}
            onKeyDown={(event) => {
              if (event.key !== "Enter" && event.key !== " ") return;
              event.preventDefault();
              onView(tile.view);
            }}
            tabIndex={0}
            role="button"
            aria-pressed={view === tile.view}
          >
            <Statistic
              title={t(tile.key === "total" ? "review.total" : `review.${tile.key}`)}
              value={summary[tile.key]}
              prefix={tile.icon}
              styles={{ content: { color: tile.color } }}
            />
          </Card>
        </Col>
      ))}
    </Row>
  );
}
