import { ProfileOutlined } from "@ant-design/icons";
import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { Badge, Button, Flex } from "antd";
import type { TFunction } from "i18next";
import { Link } from "react-router";
import type { ListColumns } from "../../../components/list-table.tsx";
import { projectPath } from "../utils/device-display.ts";
import { type DeviceModule, DISTRIBUTOR_DEVICES } from "../utils/device-module.ts";
import { formatCombined, formatReading, READING_DIGITS } from "../utils/unit-readings.ts";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { LastReport } from "./last-report.tsx";
import { StatusWordTag } from "./status-word-tag.tsx";

type Unit = TOutdoorUnit | TIndoorUnit;

const dash = <span className="devices-muted">—</span>;

export interface UnitColumnOptions {
  /** The device and project columns: on the lists across devices, not on a device's own page. */
  withDevice: boolean;
  /** The time relative report times are measured from (renewed by the page). */
  now: number;
  /** Opens the unit's drawer (readings, history, remote control). */
  onOpen: (unit: Unit) => void;
  /** Where the device and project columns link to (the page's module); Distributor Cloud's by default. */
  links?: UnitLinks;
}

export type UnitLinks = Pick<DeviceModule, "devicePath" | "projectLinks">;

const reading = (t: TFunction, key: string, value: number | null, digits: number) =>
  value === null ? dash : t(key, { value: formatReading(value, digits) });

/** System and address name a unit within its device; on a device's own page they are the key. */
const leading = <T extends Unit>(t: TFunction, withDevice: boolean): ListColumns<T> => [
  {
    key: "systemNumber",
    title: t("columns.systemNumber"),
    dataIndex: "systemNumber",
    // Room for the title beside its sort arrows, so it does not break mid-word.
    width: 96,
    priority: withDevice ? "primary" : "key",
  },
  { key: "address", title: t("columns.address"), dataIndex: "address", width: 96, priority: "primary" },
  { key: "model", title: t("columns.model"), dataIndex: "model", width: 140, ellipsis: true, priority: "optional" },
  {
    key: "serialNumber",
    // Across devices the device names the row; on a device's own page the unit's serial does.
    priority: withDevice ? "secondary" : "primary",
    title: t("columns.serialNumber"),
    dataIndex: "serialNumber",
    width: 150,
    render: (value: string) => (value ? <span className="devices-mono">{value}</span> : dash),
  },
  {
    key: "status",
    title: t("columns.status"),
    dataIndex: "status",
    width: 160,
    priority: "primary",
    render: (value: string, row: Unit) => (
      <Flex gap={4} wrap={false}>
        <DeviceStatusTag status={value} unit />
        <StatusWordTag value={row.statusWord} />
      </Flex>
    ),
  },
];

/** The device a unit reports through, and its project: shown on the cross-device lists only. */
const whereFrom = <T extends Unit>(t: TFunction, links: UnitLinks): ListColumns<T> => [
  {
    key: "device",
    title: t("columns.device"),
    dataIndex: "device",
    width: 160,
    priority: "key",
    render: (device: Unit["device"]) => (
      <Link to={links.devicePath(device.kind, device.id)} className="devices-mono">
        {device.serialNumber}
      </Link>
    ),
  },
  {
    key: "project",
    title: t("columns.project"),
    dataIndex: "project",
    width: 170,
    ellipsis: true,
    priority: "secondary",
    render: (project: Unit["project"]) =>
      !project ? dash : links.projectLinks ? <Link to={projectPath(project.id)}>{project.name}</Link> : project.name,
  },
];

const trailing = <T extends Unit>(t: TFunction, options: UnitColumnOptions): ListColumns<T> => [
  {
    key: "reportedAt",
    priority: "secondary",
    title: t("columns.lastReport"),
    dataIndex: "reportedAt",
    width: 120,
    render: (value: string | null) => <LastReport at={value} now={options.now} />,
  },
  {
    key: "actions",
    title: t("columns.actions"),
    width: 96,
    priority: "actions",
    render: (_: unknown, row: T) => (
      <Button
        type="link"
        size="small"
        icon={<ProfileOutlined />}
        aria-label={t("list.unitDetailsOf", { system: row.systemNumber, address: row.address })}
        onClick={() => options.onOpen(row)}
      >
        {t("list.unitDetails")}
      </Button>
    ),
  },
];

/** Outdoor units: identity, state and the main readings; the rest is in the unit's drawer. */
export const outdoorColumns = (t: TFunction, options: UnitColumnOptions): ListColumns<TOutdoorUnit> => [
  ...(options.withDevice ? whereFrom<TOutdoorUnit>(t, options.links ?? DISTRIBUTOR_DEVICES) : []),
  ...leading<TOutdoorUnit>(t, options.withDevice),
  {
    key: "compressorHz",
    priority: "primary",
    title: t("columns.compressor"),
    dataIndex: "compressorHz",
    width: 110,
    render: (value: number | null) => reading(t, "list.hz", value, READING_DIGITS.frequency),
  },
  {
    key: "pressures",
    priority: "primary",
    title: t("columns.pressures"),
    width: 150,
    render: (_: unknown, row: TOutdoorUnit) => {
      const pair =
        row.highPressureMpa === null || row.lowPressureMpa === null
          ? null
          : formatCombined([row.highPressureMpa, row.lowPressureMpa], READING_DIGITS.pressure);
      return pair === null ? dash : t("list.mpa", { value: pair });
    },
  },
  {
    key: "runningHours",
    priority: "secondary",
    title: t("columns.runningHours"),
    dataIndex: "runningHours",
    width: 130,
    render: (value: number) => t("list.hours", { value: value.toLocaleString() }),
  },
  ...trailing<TOutdoorUnit>(t, options),
];

/** Indoor units: identity, state and the settings remote control changes; the rest is in the drawer. */
export const indoorColumns = (t: TFunction, options: UnitColumnOptions): ListColumns<TIndoorUnit> => [
  ...(options.withDevice ? whereFrom<TIndoorUnit>(t, options.links ?? DISTRIBUTOR_DEVICES) : []),
  ...leading<TIndoorUnit>(t, options.withDevice),
  {
    key: "powerOn",
    priority: "primary",
    title: t("columns.onOff"),
    dataIndex: "powerOn",
    width: 80,
    render: (on: boolean) => <Badge status={on ? "success" : "default"} text={on ? t("list.on") : t("list.off")} />,
  },
  {
    key: "mode",
    priority: "primary",
    title: t("columns.mode"),
    dataIndex: "mode",
    width: 100,
    render: (mode: string) => (mode ? t(`modes.${mode}`, { defaultValue: mode }) : dash),
  },
  {
    key: "setTemperature",
    priority: "primary",
    title: t("columns.setTemperature"),
    dataIndex: "setTemperature",
    width: 100,
    render: (value: number | null) => reading(t, "list.celsius", value, READING_DIGITS.temperature),
  },
  {
    key: "roomTemperature",
    priority: "primary",
    title: t("columns.roomTemperature"),
    dataIndex: "roomTemperature",
    width: 120,
    render: (value: number | null) => reading(t, "list.celsius", value, READING_DIGITS.temperature),
  },
  {
    key: "fanSpeed",
    priority: "secondary",
    title: t("columns.fanSpeed"),
    dataIndex: "fanSpeed",
    width: 100,
    render: (value: string | null) => (value ? t(`fanSpeeds.${value}`, { defaultValue: value }) : dash),
  },
  ...trailing<TIndoorUnit>(t, options),
];
