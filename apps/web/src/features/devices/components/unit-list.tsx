import { UNIT_STATUSES } from "@vrf/contract/devices/common.ts";
import { INDOOR_SORTS, OUTDOOR_SORTS, type TIndoorUnit, type TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { RANGES } from "@vrf/contract/rules.ts";
import { Form, Input, InputNumber, Select, Typography } from "antd";
import type { Rule } from "antd/es/form";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../lib/relative-time.ts";
import { useIndoorUnits } from "../api/use-indoor-units.ts";
import { useOutdoorUnits } from "../api/use-outdoor-units.ts";
import { useListState } from "../hooks/use-list-state.ts";
import { useOpenUnit } from "../hooks/use-open-unit.ts";
import { useUnitListLive } from "../hooks/use-unit-list-live.ts";
import { isControllable, latestOfSelection } from "../utils/control-options.ts";
import { projectNamed } from "../utils/device-display.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { formValues, type ListState, toListRequest, withFilters } from "../utils/list-params.ts";
import { LIVE_UNIT_SORTS } from "../utils/live-keys.ts";
import { FilterBar } from "./filter-bar.tsx";
import { PagedTable } from "./paged-table.tsx";
import { ProjectSelect } from "./project-select.tsx";
import { SelectionControl } from "./selection-control.tsx";
import { indoorColumns, outdoorColumns } from "./unit-columns.tsx";
import { UnitDrawer } from "./unit-drawer.tsx";
import "./devices.css";

const FILTER_KEYS = ["projectId", "deviceSerial", "systemNumber", "address", "status"] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

interface FilterValues {
  projectId?: number;
  deviceSerial?: string;
  systemNumber?: number;
  address?: number;
  status?: string;
}

interface TableProps<Q> {
  query: Q;
  state: ListState<FilterKey>;
  setState: (s: ListState<FilterKey>) => void;
}

function OutdoorTable({ query, state, setState }: TableProps<ReturnType<typeof useOutdoorUnits>>) {
  const { t } = useTranslation("devices");
  const module = useDeviceModule();
  const now = useNow();
  const drawer = useOpenUnit("outdoor", query.data?.list);
  return (
    <>
      <PagedTable<TOutdoorUnit, FilterKey>
        columns={outdoorColumns(t, { withDevice: true, now, onOpen: drawer.show, links: module })}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={OUTDOOR_SORTS}
        emptyText={t("list.emptyUnits")}
        title={<Typography.Text strong>{t("units.outdoorTitle")}</Typography.Text>}
        listId="outdoor-units"
      />
      <UnitDrawer open={drawer.open} stale={drawer.stale} onClose={drawer.close} />
    </>
  );
}

function IndoorTable({ query, state, setState }: TableProps<ReturnType<typeof useIndoorUnits>>) {
  const { t } = useTranslation("devices");
  const module = useDeviceModule();
  const now = useNow();
  const drawer = useOpenUnit("indoor", query.data?.list);
  const [selected, setSelected] = useState<TIndoorUnit[]>([]);
  return (
    <>
      <PagedTable<TIndoorUnit, FilterKey>
        columns={indoorColumns(t, { withDevice: true, now, onOpen: drawer.show, links: module })}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={INDOOR_SORTS}
        emptyText={t("list.emptyUnits")}
        title={<Typography.Text strong>{t("units.indoorTitle")}</Typography.Text>}
        actions={
          <SelectionControl selected={latestOfSelection(selected, query.data?.list)} onClear={() => setSelected([])} />
        }
        rowSelection={{
          selectedRowKeys: selected.map((unit) => unit.id),
          preserveSelectedRowKeys: true,
          getCheckboxProps: (row) => ({ disabled: !isControllable(row.device.kind) }),
          onChange: (_keys, rows) => setSelected(rows.filter((row): row is TIndoorUnit => row !== undefined)),
        }}
        listId="indoor-units"
      />
      <UnitDrawer open={drawer.open} stale={drawer.stale} onClose={drawer.close} />
    </>
  );
}

/** Outdoor or indoor units across every device the caller may see. */
export function UnitList({ kind }: { kind: "outdoor" | "indoor" }) {
  const { t } = useTranslation("devices");
  const [form] = Form.useForm<FilterValues>();
  const [state, setState] = useListState<FilterKey>(FILTER_KEYS);
  const addressRange = kind === "outdoor" ? RANGES.outdoorAddress : RANGES.indoorAddress;
  const request = toListRequest(state);
  const outdoor = useOutdoorUnits(request as Parameters<typeof useOutdoorUnits>[0], kind === "outdoor");
  const indoor = useIndoorUnits(request as Parameters<typeof useIndoorUnits>[0], kind === "indoor");
  const rows = kind === "outdoor" ? outdoor.data?.list : indoor.data?.list;
  // Sorted or filtered by what reports change, any device's report may reorder the page.
  const followsReports = Boolean(state.filters.status) || (state.sort !== undefined && LIVE_UNIT_SORTS.has(state.sort));
  useUnitListLive(kind, rows, { followsReports });

  const rangeRule = (range: { min: number; max: number }): Rule => ({
    type: "integer",
    min: range.min,
    max: range.max,
    message: t("filters.rangeError", range),
  });
  const rangeInput = (range: { min: number; max: number }) => (
    <InputNumber
      min={range.min}
      max={range.max}
      precision={0}
      placeholder={t("filters.rangeHint", range)}
      style={{ width: "100%" }}
    />
  );

  const values = formValues(state.filters, ["projectId", "systemNumber", "address"]) as FilterValues;

  return (
    <div className="devices-page">
      <FilterBar<FilterValues>
        form={form}
        values={values}
        onSearch={(v) => setState(withFilters(state, v as Record<FilterKey, string | number | undefined>))}
        onReset={() => setState(withFilters(state, {}))}
        fields={[
          {
            name: "projectId",
            label: t("filters.project"),
            control: <ProjectSelect known={projectNamed(rows, state.filters.projectId)} />,
          },
          {
            name: "deviceSerial",
            label: t("filters.device"),
            control: <Input allowClear placeholder={t("filters.devicePlaceholder")} maxLength={64} />,
          },
          {
            name: "systemNumber",
            label: t("filters.systemNumber"),
            rules: [rangeRule(RANGES.systemNumber)],
            control: rangeInput(RANGES.systemNumber),
          },
          {
            name: "address",
            label: kind === "outdoor" ? t("filters.outdoorAddress") : t("filters.indoorAddress"),
            rules: [rangeRule(addressRange)],
            control: rangeInput(addressRange),
          },
          {
            name: "status",
            label: t("filters.status"),
            control: (
              <Select
                allowClear
                placeholder={t("filters.all")}
                options={UNIT_STATUSES.map((s) => ({ value: s, label: t(`unitStatus.${s}`) }))}
              />
            ),
          },
        ]}
      />
      {kind === "outdoor" ? (
        <OutdoorTable query={outdoor} state={state} setState={setState} />
      ) : (
        <IndoorTable query={indoor} state={state} setState={setState} />
      )}
    </div>
  );
}
