import type { TFrame } from "@vrf/contract/hi-checker/task-data.ts";
import { Tag, Tooltip, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import type { TFunction } from "i18next";
import { formatFrameTime, hexByte } from "../utils/bus-frames.ts";
import { commandMeaning, partyText } from "./frame-texts.ts";
import { HexBytes } from "./hex-bytes.tsx";

const dash = <Typography.Text type="secondary">—</Typography.Text>;

const party = (t: TFunction, address: number | null) =>
  address === null ? dash : <span className="checker-tasks-nowrap">{partyText(t, address)}</span>;

/**
 * The message report's columns: the frame's number in its task, its time to the millisecond,
 * its parties and command (a frame that is not a well-formed bus frame has none), whether its
 * checksum holds, and its bytes with the searched ones marked.
 */
export const frameColumns = (t: TFunction, pattern: string): ColumnsType<TFrame> => [
  {
    key: "n",
    title: t("frames.columns.n"),
    width: 60,
    fixed: "left",
    align: "right",
    render: (_v, frame) => <span className="checker-tasks-mono">{frame.n}</span>,
  },
  {
    key: "at",
    title: t("frames.columns.at"),
    width: 190,
    render: (_v, frame) => <span className="checker-tasks-mono checker-tasks-nowrap">{formatFrameTime(frame.at)}</span>,
  },
  { key: "source", title: t("frames.columns.source"), width: 132, render: (_v, frame) => party(t, frame.source) },
  {
    key: "destination",
    title: t("frames.columns.destination"),
    width: 132,
    render: (_v, frame) => party(t, frame.destination),
  },
  {
    key: "command",
    title: t("frames.columns.command"),
    width: 196,
    render: (_v, frame) =>
      frame.command === null ? (
        dash
      ) : (
        <span className="checker-tasks-command">
          <span className="checker-tasks-mono">{hexByte(frame.command)}</span>
          <span>{commandMeaning(t, frame.command)}</span>
        </span>
      ),
  },
  {
    key: "checksum",
    title: t("frames.columns.checksum"),
    width: 92,
    render: (_v, frame) =>
      frame.checksumOk === null ? (
        <Tooltip title={t("frames.notBusFrame")}>{dash}</Tooltip>
      ) : frame.checksumOk ? (
        <Tag color="success" variant="filled">
          {t("frames.checksumOk")}
        </Tag>
      ) : (
        <Tag color="error" variant="filled">
          {t("frames.checksumError")}
        </Tag>
      ),
  },
  {
    key: "hex",
    title: t("frames.columns.hex"),
    width: 340,
    render: (_v, frame) => <HexBytes hex={frame.hex} pattern={pattern} />,
  },
];
