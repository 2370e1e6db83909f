import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Badge, Descriptions, type DescriptionsProps } from "antd";
import type { TFunction } from "i18next";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { relativeTimeText } from "../../../lib/relative-time.ts";
import { projectPath } from "../utils/device-display.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { formatCombined, formatReading, READING_DIGITS } from "../utils/unit-readings.ts";
import { DeviceStatusTag } from "./device-status-tag.tsx";
import { StatusWordTag } from "./status-word-tag.tsx";
import type { UnitLinks } from "./unit-columns.tsx";

type Items = NonNullable<DescriptionsProps["items"]>;

const dash = <span className="devices-muted">—</span>;

const item = (key: string, label: string, children: ReactNode): Items[number] => ({ key, label, children });

const valueOr = (t: TFunction, textKey: string, value: number | null, digits: number): ReactNode =>
  value === null ? dash : t(textKey, { value: formatReading(value, digits) });

const combinedOr = (t: TFunction, textKey: string, values: readonly number[] | null, digits: number): ReactNode => {
  const text = formatCombined(values, digits);
  return text === null ? dash : t(textKey, { value: text });
};

function common(t: TFunction, unit: TOutdoorUnit | TIndoorUnit, now: number): Items {
  return [
    item(
      "status",
      t("unit.status"),
      <span className="devices-inline-tags">
        <DeviceStatusTag status={unit.status} unit />
        <StatusWordTag value={unit.statusWord} />
      </span>,
    ),
    item(
      "reportedAt",
      t("unit.reportedAt"),
      unit.reportedAt ? (
        <span title={formatDateTime(unit.reportedAt)}>
          {relativeTimeText(t, unit.reportedAt, now)} · {formatDateTime(unit.reportedAt)}
        </span>
      ) : (
        <span className="devices-muted">{t("unit.never")}</span>
      ),
    ),
  ];
}

function identity(t: TFunction, unit: TOutdoorUnit | TIndoorUnit, links: UnitLinks): Items {
  return [
    item(
      "device",
      t("unit.device"),
      <Link to={links.devicePath(unit.device.kind, unit.device.id)} className="devices-mono">
        {unit.device.alias || unit.device.serialNumber}
      </Link>,
    ),
    item(
      "project",
      t("unit.project"),
      !unit.project ? (
        dash
      ) : links.projectLinks ? (
        <Link to={projectPath(unit.project.id)}>{unit.project.name}</Link>
      ) : (
        unit.project.name
      ),
    ),
    item("model", t("unit.model"), unit.model || dash),
    item(
      "serial",
      t("unit.serialNumber"),
      unit.serialNumber ? <span className="devices-mono">{unit.serialNumber}</span> : dash,
    ),
    item("capacity", t("unit.capacity"), unit.capacityKw === null ? dash : t("list.kw", { value: unit.capacityKw })),
  ];
}

function supportsText(t: TFunction, unit: TIndoorUnit): ReactNode {
  if (!unit.supports) return <span className="devices-muted">{t("unit.supportsUnknown")}</span>;
  return t("unit.supportsValue", {
    modes: unit.supports.modes.map((mode) => t(`modes.${mode}`)).join(", "),
    fanSpeeds: unit.supports.fanSpeeds.map((speed) => t(`fanSpeeds.${speed}`)).join(", "),
    louver: unit.supports.louver ? t("unit.withLouver") : t("unit.withoutLouver"),
  });
}

/** Everything the list reports about one outdoor unit. */
export function OutdoorFacts({ unit, now }: { unit: TOutdoorUnit; now: number }) {
  const { t } = useTranslation("devices");
  const links = useDeviceModule();
  const items: Items = [
    ...common(t, unit, now),
    item("compressorHz", t("unit.compressorHz"), valueOr(t, "list.hz", unit.compressorHz, READING_DIGITS.frequency)),
    item("current", t("unit.current"), valueOr(t, "list.ampere", unit.currentA, READING_DIGITS.current)),
    item("high", t("unit.highPressure"), valueOr(t, "list.mpa", unit.highPressureMpa, READING_DIGITS.pressure)),
    item("low", t("unit.lowPressure"), valueOr(t, "list.mpa", unit.lowPressureMpa, READING_DIGITS.pressure)),
    item(
      "discharge",
      t("unit.dischargeTemp"),
      valueOr(t, "list.celsius", unit.dischargeTempC, READING_DIGITS.temperature),
    ),
    item("suction", t("unit.suctionTemp"), valueOr(t, "list.celsius", unit.suctionTempC, READING_DIGITS.temperature)),
    item(
      "outdoorAir",
      t("unit.outdoorAirTemp"),
      valueOr(t, "list.celsius", unit.outdoorAirTempC, READING_DIGITS.temperature),
    ),
    item("fanRpm", t("unit.fanRpm"), valueOr(t, "list.rpm", unit.fanRpm, READING_DIGITS.rpm)),
    item("eev", t("unit.eevMainSub"), combinedOr(t, "list.pulses", unit.eevPulses, READING_DIGITS.pulses)),
    item("runningHours", t("unit.runningHours"), t("list.hours", { value: unit.runningHours.toLocaleString() })),
    ...identity(t, unit, links),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}

/** Everything the list reports about one indoor unit. */
export function IndoorFacts({ unit, now }: { unit: TIndoorUnit; now: number }) {
  const { t } = useTranslation("devices");
  const links = useDeviceModule();
  const items: Items = [
    ...common(t, unit, now),
    item(
      "power",
      t("unit.power"),
      <Badge status={unit.powerOn ? "success" : "default"} text={unit.powerOn ? t("list.on") : t("list.off")} />,
    ),
    item("mode", t("unit.mode"), unit.mode ? t(`modes.${unit.mode}`, { defaultValue: unit.mode }) : dash),
    item(
      "setTemperature",
      t("unit.setTemperature"),
      valueOr(t, "list.celsius", unit.setTemperature, READING_DIGITS.temperature),
    ),
    item(
      "roomTemperature",
      t("unit.roomTemperature"),
      valueOr(t, "list.celsius", unit.roomTemperature, READING_DIGITS.temperature),
    ),
    item(
      "fanSpeed",
      t("unit.fanSpeed"),
      unit.fanSpeed ? t(`fanSpeeds.${unit.fanSpeed}`, { defaultValue: unit.fanSpeed }) : dash,
    ),
    item(
      "louver",
      t("unit.louver"),
      unit.supports && !unit.supports.louver ? (
        <span className="devices-muted">{t("unit.noLouver")}</span>
      ) : unit.louver === null ? (
        dash
      ) : (
        t("unit.louverValue", { value: unit.louver })
      ),
    ),
    item("eev", t("unit.eev"), valueOr(t, "list.pulses", unit.eevPulses, READING_DIGITS.pulses)),
    item("pipes", t("unit.pipeTemps"), combinedOr(t, "list.celsius", unit.pipeTempsC, READING_DIGITS.temperature)),
    { ...item("supports", t("unit.supports"), supportsText(t, unit)), span: "filled" },
    ...identity(t, unit, links),
  ];
  return <Descriptions bordered size="small" column={{ xs: 1, sm: 2 }} items={items} />;
}
