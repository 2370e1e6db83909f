import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import type { TableProps } from "antd";
import { Badge } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import { detailPath, projectPath } from "../utils/device-display.ts";
import { DeviceStatusTag } from "./device-status-tag.tsx";

type Unit = TOutdoorUnit | TIndoorUnit;

const dash = <span className="devices-muted">—</span>;

const leading = <T extends Unit>(t: TFunction): NonNullable<TableProps<T>["columns"]> => [
  { key: "systemNumber", title: t("columns.systemNumber"), dataIndex: "systemNumber", width: 90 },
  { key: "address", title: t("columns.address"), dataIndex: "address", width: 90 },
  { key: "model", title: t("columns.model"), dataIndex: "model", width: 150 },
  {
    key: "serialNumber",
    title: t("columns.serialNumber"),
    dataIndex: "serialNumber",
    width: 150,
    render: (value: string) => (value ? <span className="devices-mono">{value}</span> : dash),
  },
  {
    key: "capacityKw",
    title: t("columns.capacity"),
    dataIndex: "capacityKw",
    width: 110,
    render: (value: number | null) => (value === null ? dash : t("list.kw", { value })),
  },
  {
    key: "status",
    title: t("columns.status"),
    dataIndex: "status",
    width: 100,
    render: (value: string) => <DeviceStatusTag status={value} unit />,
  },
];

/** The device a unit reports through, and its project: shown on the cross-device lists only. */
const whereFrom = <T extends Unit>(t: TFunction): NonNullable<TableProps<T>["columns"]> => [
  {
    key: "device",
    title: t("columns.device"),
    dataIndex: "device",
    width: 170,
    fixed: "left",
    render: (device: Unit["device"]) => (
      <Link to={detailPath(device.kind, device.id)} className="devices-mono">
        {device.serialNumber}
      </Link>
    ),
  },
  {
    key: "project",
    title: t("columns.project"),
    dataIndex: "project",
    width: 180,
    ellipsis: true,
    render: (project: Unit["project"]) => (project ? <Link to={projectPath(project.id)}>{project.name}</Link> : dash),
  },
];

export const outdoorColumns = (t: TFunction, withDevice: boolean): TableProps<TOutdoorUnit>["columns"] => [
  ...(withDevice ? whereFrom<TOutdoorUnit>(t) : []),
  ...leading<TOutdoorUnit>(t),
  {
    key: "runningHours",
    title: t("columns.runningHours"),
    dataIndex: "runningHours",
    width: 150,
    render: (value: number) => t("list.hours", { value: value.toLocaleString() }),
  },
];

export const indoorColumns = (t: TFunction, withDevice: boolean): TableProps<TIndoorUnit>["columns"] => [
  ...(withDevice ? whereFrom<TIndoorUnit>(t) : []),
  ...leading<TIndoorUnit>(t),
  {
    key: "powerOn",
    title: t("columns.onOff"),
    dataIndex: "powerOn",
    width: 90,
    render: (on: boolean) => <Badge status={on ? "success" : "default"} text={on ? t("list.on") : t("list.off")} />,
  },
  {
    key: "mode",
    title: t("columns.mode"),
    dataIndex: "mode",
    width: 100,
    render: (mode: string) => t(`modes.${mode}`, { defaultValue: mode }),
  },
  {
    key: "setTemperature",
    title: t("columns.setTemperature"),
    dataIndex: "setTemperature",
    width: 110,
    render: (value: number | null) => (value === null ? dash : t("list.celsius", { value })),
  },
  {
    key: "roomTemperature",
    title: t("columns.roomTemperature"),
    dataIndex: "roomTemperature",
    width: 120,
    render: (value: number | null) => (value === null ? dash : t("list.celsius", { value })),
  },
];
