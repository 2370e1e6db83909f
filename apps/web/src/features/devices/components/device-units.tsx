import { INDOOR_SORTS, OUTDOOR_SORTS, type TIndoorUnit, type TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { Card, Tabs } from "antd";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { useIndoorUnits } from "../api/use-indoor-units.ts";
import { useOutdoorUnits } from "../api/use-outdoor-units.ts";
import { DEFAULT_PAGE_SIZE, type ListState, toListRequest } from "../utils/list-params.ts";
import { PagedTable } from "./paged-table.tsx";
import { indoorColumns, outdoorColumns } from "./unit-columns.tsx";

const firstPage = (): ListState<never> => ({ pageNum: 1, pageSize: DEFAULT_PAGE_SIZE, filters: {} });

function OutdoorTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation("devices");
  const [state, setState] = useState(firstPage);
  const query = useOutdoorUnits({ deviceId, ...toListRequest(state) } as Parameters<typeof useOutdoorUnits>[0]);
  return (
    <PagedTable<TOutdoorUnit, never>
      bare
      columns={outdoorColumns(t, false)}
      data={query.data}
      query={query}
      state={state}
      onStateChange={setState}
      sortable={OUTDOOR_SORTS}
      emptyText={t("detail.noUnits")}
      scrollX={840}
    />
  );
}

function IndoorTab({ deviceId }: { deviceId: number }) {
  const { t } = useTranslation("devices");
  const [state, setState] = useState(firstPage);
  const query = useIndoorUnits({ deviceId, ...toListRequest(state) } as Parameters<typeof useIndoorUnits>[0]);
  return (
    <PagedTable<TIndoorUnit, never>
      bare
      columns={indoorColumns(t, false)}
      data={query.data}
      query={query}
      state={state}
      onStateChange={setState}
      sortable={INDOOR_SORTS}
      emptyText={t("detail.noUnits")}
      scrollX={1110}
    />
  );
}

/** A device's outdoor and indoor units, each paged on the server. */
export function DeviceUnits({
  deviceId,
  outdoorCount,
  indoorCount,
}: {
  deviceId: number;
  outdoorCount: number;
  indoorCount: number;
}) {
  const { t } = useTranslation("devices");
  return (
    <Card variant="borderless" className="devices-card" title={t("detail.unitCounts")}>
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
            children: <IndoorTab deviceId={deviceId} />,
          },
        ]}
      />
    </Card>
  );
}
