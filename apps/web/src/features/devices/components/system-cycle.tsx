import type { TIndoorUnitListRequest, TOutdoorUnitListRequest } from "@vrf/contract/devices/units.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Alert, Card, Empty, Select, Skeleton, Space, Tag, Typography } from "antd";
import { useEffect } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { useNow } from "../../../lib/relative-time.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useCheckerDetail } from "../api/use-checker-detail.ts";
import { useIndoorUnits } from "../api/use-indoor-units.ts";
import { useOutdoorUnits } from "../api/use-outdoor-units.ts";
import { useUnitListLive } from "../hooks/use-unit-list-live.ts";
import { HI_CHECKER_CHECKERS } from "../utils/checker-pages.ts";
import { idFromQuery } from "../utils/device-display.ts";
import { DeviceModuleContext, HI_CHECKER_DEVICES } from "../utils/device-module.ts";
import { checkerStateLive } from "../utils/live-keys.ts";
import {
  chosenSystem,
  compressorRuns,
  isIndoorRunning,
  latestReport,
  offlineSince,
  systemFromQuery,
  systemMode,
  systemsOf,
} from "../utils/system-cycle.ts";
import { CheckerPicker } from "./checker-picker.tsx";
import { DetailProblem, isNotFound } from "./detail-states.tsx";
import { LastReport } from "./last-report.tsx";
import { QueryError } from "./query-error.tsx";
import { SystemCycleDiagram } from "./system-cycle-diagram.tsx";
import "./devices.css";

/** A system has at most 8 outdoor and 64 indoor units: one page of each holds a checker's systems. */
const OUTDOOR_PAGE = 200;
const INDOOR_PAGE = 100;

const byAddress = <T extends { address: number }>(units: readonly T[]): T[] =>
  [...units].sort((a, b) => a.address - b.address);

/**
 * One system of one checker (`?deviceId=`, `?system=`), drawn as its refrigerant cycle with the
 * live readings of its units: the checker's outdoor units (every system's, which also says which
 * systems it has) and the chosen system's indoor units, refreshed on the checker's unit reports.
 */
function CheckerSystem({
  deviceId,
  asked,
  onSystem,
}: {
  deviceId: number;
  asked: number | null;
  onSystem: (system: number, replace: boolean) => void;
}) {
  const { t } = useTranslation("devices");
  const now = useNow();
  const checker = useCheckerDetail(deviceId, HI_CHECKER_CHECKERS.detail);
  const outdoorRequest: TOutdoorUnitListRequest = {
    deviceId,
    pageNum: 1,
    pageSize: OUTDOOR_PAGE,
    sort: "systemNumber",
    order: "ascend",
  };
  const outdoor = useOutdoorUnits(outdoorRequest);
  const own = checker.data?.systemNumber ?? null;
  const known = systemsOf(outdoor.data?.list ?? [], own);
  const settled = outdoor.isSuccess && !checker.isLoading;
  const system = settled ? chosenSystem(asked, known, own) : asked;
  const indoorRequest: TIndoorUnitListRequest = {
    deviceId,
    systemNumber: system ?? 0,
    pageNum: 1,
    pageSize: INDOOR_PAGE,
    sort: "address",
    order: "ascend",
  };
  const indoor = useIndoorUnits(indoorRequest, system !== null);
  useUnitListLive("outdoor", outdoor.data?.list, { deviceId });
  useUnitListLive("indoor", indoor.data?.list, { deviceId });
  useDeviceEvents(checkerStateLive(deviceId), { match: (event) => event.deviceId === deviceId });

  // The system shown goes into the address, so a reload or a shared link shows the same one.
  useEffect(() => {
    if (asked === null && system !== null) onSystem(system, true);
  }, [asked, system, onSystem]);

  if (checker.error && isNotFound(checker.error))
    return <DetailProblem error={checker.error} listPath={HI_CHECKER_CHECKERS.listPath} onRetry={() => undefined} />;

  const outdoorUnits = byAddress((outdoor.data?.list ?? []).filter((unit) => unit.systemNumber === system));
  const indoorUnits = indoor.isPlaceholderData ? [] : byAddress(indoor.data?.list ?? []);
  const { mode, flowing } = systemMode(outdoorUnits, indoorUnits);
  const lastReport = latestReport([...outdoorUnits, ...indoorUnits]);
  const since = checker.data ? offlineSince(checker.data) : null;
  const offline = checker.data?.status === "offline";
  const failed = (outdoor.isError && !outdoor.data) || (indoor.isError && !indoor.data);
  const loading = !failed && (!settled || (system !== null && (indoor.isLoading || indoor.isPlaceholderData)));
  const name = checker.data ? checker.data.alias || checker.data.deviceCode : null;

  const systemChoice =
    known.length > 1 || (system !== null && !known.includes(system)) ? (
      <Select<number>
        value={system ?? undefined}
        onChange={(value) => onSystem(value, false)}
        style={{ minWidth: 140 }}
        aria-label={t("cycle.system")}
        options={[...new Set([...known, ...(system === null ? [] : [system])])]
          .sort((a, b) => a - b)
          .map((value) => ({ value, label: t("cycle.systemOption", { system: value }) }))}
      />
    ) : null;

  return (
    <Card
      variant="borderless"
      className="devices-card"
      title={
        <div className="devices-detail-title">
          <Typography.Text strong>
            {system === null ? t("cycle.title") : t("cycle.systemTitle", { system })}
          </Typography.Text>
          {name ? <Typography.Text type="secondary">{name}</Typography.Text> : null}
        </div>
      }
      extra={systemChoice}
    >
      {loading ? (
        <Skeleton active paragraph={{ rows: 10 }} />
      ) : failed ? (
        <QueryError
          title={t("cycle.loadFailed")}
          error={outdoor.error ?? indoor.error}
          onRetry={() => {
            void outdoor.refetch();
            void indoor.refetch();
          }}
        />
      ) : system === null || lastReport === null ? (
        <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("cycle.empty")} />
      ) : (
        <div className="devices-cycle-body">
          {offline ? (
            <Alert
              type="warning"
              showIcon
              title={since ? t("cycle.offlineSince", { time: formatDateTime(since) }) : t("cycle.offline")}
              description={t("cycle.offlineHint")}
            />
          ) : null}
          <Space wrap size={[16, 8]} className="devices-cycle-summary">
            <Tag color={!flowing ? "default" : mode === "heating" ? "red" : "blue"} variant="filled">
              {t(`cycle.mode.${flowing ? mode : "stopped"}`)}
            </Tag>
            <Typography.Text type="secondary">
              {t("cycle.running", {
                compressors: outdoorUnits.filter(compressorRuns).length,
                outdoor: outdoorUnits.length,
                indoor: indoorUnits.filter(isIndoorRunning).length,
                indoorTotal: indoorUnits.length,
              })}
            </Typography.Text>
            <span>
              <Typography.Text type="secondary">{t("cycle.lastReport")} </Typography.Text>
              <LastReport at={lastReport} now={now} />
              <Typography.Text type="secondary"> · {formatDateTime(lastReport)}</Typography.Text>
            </span>
          </Space>
          <SystemCycleDiagram
            outdoor={outdoorUnits}
            indoor={indoorUnits}
            mode={mode}
            flowing={flowing}
            offline={offline}
          >
            {indoor.data && indoor.data.total > indoor.data.list.length ? (
              <Typography.Text type="secondary">
                {t("cycle.moreIndoor", { shown: indoor.data.list.length, total: indoor.data.total })}
              </Typography.Text>
            ) : null}
          </SystemCycleDiagram>
        </div>
      )}
    </Card>
  );
}

/**
 * CkSystemCycle: the refrigerant cycle of one of the engineer's checkers' systems with its live
 * pressures and temperatures; the checker picked as on CkOutDoor, the system among those it has.
 */
export function SystemCycle() {
  const [params, setParams] = useSearchParams();
  const deviceId = idFromQuery(params.get("deviceId"));
  const asked = systemFromQuery(params.get("system"));
  const chooseChecker = (id: number) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("deviceId", String(id));
        next.delete("system");
        return next;
      },
      { replace: deviceId === null },
    );
  const chooseSystem = (system: number, replace: boolean) =>
    setParams(
      (current) => {
        const next = new URLSearchParams(current);
        next.set("system", String(system));
        return next;
      },
      { replace },
    );
  return (
    <DeviceModuleContext value={HI_CHECKER_DEVICES}>
      <div className="devices-page">
        <Card variant="borderless" className="devices-card">
          <CheckerPicker value={deviceId} onChange={chooseChecker} />
        </Card>
        {deviceId === null ? null : (
          <CheckerSystem key={deviceId} deviceId={deviceId} asked={asked} onSystem={chooseSystem} />
        )}
      </div>
    </DeviceModuleContext>
  );
}
