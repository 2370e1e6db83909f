import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { Select } from "antd";
import type { TFunction } from "i18next";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { parseUnitKey, sortUnits, type UnitChoice, type UnitSide, unitKey } from "../utils/readings.ts";

/** "Outdoor unit 0 · system 1". */
export const unitName = (t: TFunction, unit: UnitChoice): string =>
  t(`checkerTasks:data.unitName.${unit.side}`, { address: unit.address, system: unit.systemNumber });

interface UnitSelectProps {
  id: string;
  value: UnitChoice | null;
  onChange: (unit: UnitChoice) => void;
  units: { outdoor: TOutdoorUnit[]; indoor: TIndoorUnit[] } | undefined;
  loading: boolean;
}

/**
 * One unit of the task's checker, outdoor units first, each by system and address with its
 * model. A unit chosen before (the address bar) that the checker no longer lists stays named.
 */
export function UnitSelect({ id, value, onChange, units, loading }: UnitSelectProps) {
  const { t } = useTranslation("checkerTasks");
  const options = useMemo(() => {
    const group = (side: UnitSide, list: readonly (TOutdoorUnit | TIndoorUnit)[]) => ({
      label: t(`data.${side}Units`),
      title: t(`data.${side}Units`),
      options: sortUnits(list).map((unit) => {
        const choice = { side, systemNumber: unit.systemNumber, address: unit.address };
        const name = unitName(t, choice);
        return {
          value: unitKey(choice),
          search: `${name} ${unit.model} ${unit.serialNumber}`,
          label: (
            <span className="checker-tasks-option">
              <span>{name}</span>
              {unit.model ? <span className="checker-tasks-muted">{unit.model}</span> : null}
            </span>
          ),
        };
      }),
    });
    const groups = [group("outdoor", units?.outdoor ?? []), group("indoor", units?.indoor ?? [])].filter(
      (g) => g.options.length > 0,
    );
    const listed = groups.some((g) => g.options.some((o) => value !== null && o.value === unitKey(value)));
    if (value !== null && !listed && units) {
      const name = unitName(t, value);
      return [{ value: unitKey(value), search: name, label: <span>{name}</span> }, ...groups];
    }
    return groups;
  }, [units, value, t]);

  return (
    <Select<string>
      id={id}
      value={value ? unitKey(value) : undefined}
      onChange={(key) => {
        const unit = parseUnitKey(key);
        if (unit) onChange(unit);
      }}
      options={options}
      showSearch={{
        filterOption: (input, option) =>
          String((option as { search?: string } | undefined)?.search ?? "")
            .toLowerCase()
            .includes(input.trim().toLowerCase()),
      }}
      loading={loading}
      placeholder={t("data.unitPlaceholder")}
      notFoundContent={t("data.noUnitFound")}
      popupMatchSelectWidth={false}
      style={{ width: "100%" }}
    />
  );
}
