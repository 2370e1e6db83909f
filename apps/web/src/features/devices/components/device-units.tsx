import { INDOOR_SORTS, OUTDOOR_SORTS, type TIndoorUnit, type TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { Card, Tabs } from "antd";
import { type ReactNode, useState } from "react";
import { useTranslation } from "react-i18next";
import { useNow } from "../../../lib/relative-time.ts";
import { useIndoorUnits } from "../api/use-indoor-units.ts";
import { useOutdoorUnits } from "../api/use-outdoor-units.ts";
import { useOpenUnit } from "../hooks/use-open-unit.ts";
import { useUnitListLive } from "../hooks/use-unit-list-live.ts";
import { isControllable, latestOfSelection } from "../utils/control-options.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { DEFAULT_PAGE_SIZE, type ListState, toListRequest } from "../utils/list-params.ts";
import { PagedTable } from "./paged-table.tsx";
import { SelectionControl } from "./selection-control.tsx";
import { indoorColumns, outdoorColumns } from "./unit-columns.tsx";
import { UnitDrawer } from "./unit-drawer.tsx";

const firstPage = (): ListState<never> => ({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} });

/** One device's outdoor units, paged on the server, live. */
export function OutdoorTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation("devices");
  const module = useDeviceModule();
  const now = useNow();
  const [state, setState] = useState(firstPage);
  const query = useOutdoorUnits({ deviceId, ...toListRequest(state) } as Parameters<typeof useOutdoorUnits>[0]);
  const drawer = useOpenUnit("outdoor", query.data?.list);
  useUnitListLive("outdoor", query.data?.list, { deviceId });
  return (
    <>
      <PagedTable<TOutdoorUnit, never>
        bare
        columns={outdoorColumns(t, { withDevice: false, now, onOpen: drawer.show, links: module })}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={OUTDOOR_SORTS}
        emptyText={t("detail.noUnits")}
        listId="device-outdoor-units"
      />
      <UnitDrawer open={drawer.open} stale={drawer.stale} onClose={drawer.close} />
    </>
  );
}

/** One device's indoor units, paged on the server, live; with remote control of a selection when `controllable`. */
export function IndoorTab({ deviceId, controllable }: { deviceId: number; controllable: boolean }) {
  const { t } = useTranslation("devices");
  const module = useDeviceModule();
  const now = useNow();
  const [state, setState] = useState(firstPage);
  const [selected, setSelected] = useState<TIndoorUnit[]>([]);
  const query = useIndoorUnits({ deviceId, ...toListRequest(state) } as Parameters<typeof useIndoorUnits>[0]);
  const drawer = useOpenUnit("indoor", query.data?.list);
  useUnitListLive("indoor", query.data?.list, { deviceId });
  return (
    <>
      <PagedTable<TIndoorUnit, never>
        bare
        columns={indoorColumns(t, { withDevice: false, now, onOpen: drawer.show, links: module })}
        data={query.data}
        query={query}
        state={state}
        onStateChange={setState}
        sortable={INDOOR_SORTS}
        emptyText={t("detail.noUnits")}
        {...(controllable
          ? {
              actions: (
                <SelectionControl
                  selected={latestOfSelection(selected, query.data?.list)}
                  onClear={() => setSelected([])}
                />
              ),
              rowSelection: {
                selectedRowKeys: selected.map((unit) => unit.id),
                preserveSelectedRowKeys: true,
                onChange: (_keys: unknown, rows: (TIndoorUnit | undefined)[]) =>
                  setSelected(rows.filter((row): row is TIndoorUnit => row !== undefined)),
              },
            }
          : {})}
        listId="device-indoor-units"
      />
      <UnitDrawer open={drawer.open} stale={drawer.stale} onClose={drawer.close} />
    </>
  );
}

/** A device's outdoor and indoor units, each paged on the server; `extra` beside the title (a module's links). */
export function DeviceUnits({
  deviceId,
  kind,
  outdoorCount,
  indoorCount,
  extra,
}: {
  deviceId: number;
  kind: string;
  outdoorCount: number;
  indoorCount: number;
  extra?: ReactNode;
}) {
  const { t } = useTranslation("devices");
  return (
    <Card variant="borderless" className="devices-card" title={t("detail.unitCounts")} extra={extra}>
      <Tabs
        items={[
          {
            key: "outdoor",
            label: `${t("detail.outdoorUnits")} (${outdoorCount})`,
            children: <OutdoorTab deviceId={deviceId} />,
          },
          {
            key: "indoor",
            label: `${t("detail.indoorUnits")} (${indoorCount})`,
            children: <IndoorTab deviceId={deviceId} controllable={isControllable(kind)} />,
          },
        ]}
      />
    </Card>
  );
}
