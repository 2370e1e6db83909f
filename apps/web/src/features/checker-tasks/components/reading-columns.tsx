import type { TReadingRow } from "@vrf/contract/hi-checker/task-data.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { fieldWidth, isNumericField, readingCell, STATUS_WORD_COLOURS, statusWordOf } from "../utils/readings.ts";

const dash = <Typography.Text type="secondary">—</Typography.Text>;

function ReadingValue({ field, value, t }: { field: string; value: number | null | undefined; t: TFunction }) {
  const cell = readingCell(field, value);
  switch (cell.kind) {
    case "none":
      return dash;
    case "number":
      return <span className="checker-tasks-number">{cell.text}</span>;
    case "power":
      return cell.on ? (
        <Tag color="green" variant="filled">
          {t("data.on")}
        </Tag>
      ) : (
        <Tag variant="filled">{t("data.off")}</Tag>
      );
    case "mode":
      return <>{t(`devices:modes.${cell.mode}`)}</>;
    case "fanSpeed":
      return <>{t(`devices:fanSpeeds.${cell.speed}`)}</>;
    case "code":
      return <>{t("data.unknownCode", { code: cell.code })}</>;
  }
}

/**
 * The readings table's columns: the report's time, the unit's status word (a dash where the
 * report did not hold the unit), then one column per field of the side, its unit in the header;
 * numbers right-aligned, power, mode and fan speed in words.
 */
export const readingColumns = (t: TFunction, fields: readonly string[]): ColumnsType<TReadingRow> => [
  {
    key: "at",
    title: t("data.columns.at"),
    width: 150,
    fixed: "left",
    render: (_v, row) => <span className="checker-tasks-nowrap">{formatDateTime(row.at)}</span>,
  },
  {
    key: "statusWord",
    title: t("data.columns.statusWord"),
    width: 80,
    render: (_v, row) => {
      const word = statusWordOf(row.statusWord);
      if (word === null) return <Tooltip title={t("data.notInReport")}>{dash}</Tooltip>;
      return (
        <Tag color={STATUS_WORD_COLOURS[word]} className="checker-tasks-status-word">
          {word}
        </Tag>
      );
    },
  },
  ...fields.map((field, index) => ({
    key: field,
    title: t(`data.fields.${field}`),
    width: fieldWidth(field),
    align: isNumericField(field) ? ("right" as const) : ("left" as const),
    render: (_v: unknown, row: TReadingRow) => <ReadingValue field={field} value={row.values[index]} t={t} />,
  })),
];
