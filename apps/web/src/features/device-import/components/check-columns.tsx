import type { TCheckedImportRow, TImportColumn, TImportRowStatus } from "@vrf/contract/device-import/rows.ts";
import { Tag, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import type { ColumnPriority } from "../../../lib/column-fit.ts";
import { reasonText } from "../utils/reason-text.ts";

const STATUS_COLOR: Record<TImportRowStatus, string> = { ok: "success", registered: "default", error: "error" };

const WIDTHS: Record<TImportColumn, number> = {
  kind: 120,
  deviceCode: 150,
  serialNumber: 150,
  projectCode: 180,
  model: 150,
  firmware: 100,
  alias: 140,
  installDate: 120,
  checkerType: 120,
};

/** A cell of the file as written, in red when a reason names its column. */
const cellOf = (row: TCheckedImportRow, column: TImportColumn, shown: string) => {
  const flagged = row.status === "error" && row.reasons.some((r) => r.column === column);
  if (!shown) return <Typography.Text type={flagged ? "danger" : "secondary"}>—</Typography.Text>;
  return flagged ? (
    <Typography.Text type="danger" strong>
      {shown}
    </Typography.Text>
  ) : (
    shown
  );
};

/** Kind and checker type are shown in words once the server has recognised them. */
const shownValue = (t: TFunction, row: TCheckedImportRow, column: TImportColumn): string => {
  const value = row[column];
  const recognised = !row.reasons.some((r) => r.column === column);
  if (column === "kind" && recognised && /^(himit|hidom|smarttouch|checker)$/.test(value)) return t(`kinds.${value}`);
  if (column === "checkerType" && recognised && /^(temporary|stationary)$/.test(value))
    return t(`checkerTypes.${value}`);
  return value;
};

/** What the check is about (the device and why) always shows; the rest as the width allows. */
const PRIORITY: Partial<Record<TImportColumn, ColumnPriority>> = {
  kind: "primary",
  deviceCode: "primary",
  serialNumber: "primary",
  projectCode: "secondary",
};

export const checkColumns = (t: TFunction): ListColumns<TCheckedImportRow> => [
  { key: "row", title: t("columns.row"), dataIndex: "row", width: 72, priority: "key", align: "right" },
  {
    key: "status",
    title: t("columns.status"),
    dataIndex: "status",
    width: 108,
    priority: "primary",
    render: (status: TImportRowStatus) => <Tag color={STATUS_COLOR[status]}>{t(`status.${status}`)}</Tag>,
  },
  ...(["kind", "deviceCode", "serialNumber", "projectCode"] as const).map((column) => ({
    key: column,
    title: t(`columns.${column}`),
    width: WIDTHS[column],
    priority: PRIORITY[column],
    render: (_: unknown, row: TCheckedImportRow) =>
      column === "projectCode" && row.projectName ? (
        <div className="device-import-project">
          {cellOf(row, column, row.projectCode)}
          <Typography.Text type="secondary" ellipsis={{ tooltip: row.projectName }}>
            {row.projectName}
          </Typography.Text>
        </div>
      ) : (
        cellOf(row, column, shownValue(t, row, column))
      ),
  })),
  {
    key: "reasons",
    title: t("columns.reasons"),
    width: 320,
    priority: "primary",
    render: (_: unknown, row: TCheckedImportRow) =>
      row.reasons.length === 0 ? (
        <Typography.Text type="secondary">—</Typography.Text>
      ) : (
        <ul className="device-import-reasons">
          {row.reasons.map((reason) => (
            <li key={`${reason.code}-${reason.column ?? ""}`} className={row.status === "error" ? "is-error" : ""}>
              {reasonText(t, reason)}
            </li>
          ))}
        </ul>
      ),
  },
  ...(["model", "firmware", "alias", "installDate", "checkerType"] as const).map((column) => ({
    key: column,
    title: t(`columns.${column}`),
    width: WIDTHS[column],
    priority: "optional" as const,
    ellipsis: true,
    render: (_: unknown, row: TCheckedImportRow) => cellOf(row, column, shownValue(t, row, column)),
  })),
];
