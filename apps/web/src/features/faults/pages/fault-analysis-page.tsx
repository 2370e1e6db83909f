import { BookOutlined, UnorderedListOutlined } from "@ant-design/icons";
import { Errors } from "@vrf/contract/errors.ts";
import { Button, Result, Tabs, Typography } from "antd";
import { useCallback, useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useSearchParams } from "react-router";
import { ApiError } from "../../../lib/api-error.ts";
import { showsLoading } from "../../../lib/query-loading.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { faultsLive } from "../api/query-keys.ts";
import { useFaultCodes } from "../api/use-fault-codes.ts";
import { useFaultStats } from "../api/use-fault-stats.ts";
import { FaultCharts } from "../components/fault-charts.tsx";
import { FaultCodeCatalogue } from "../components/fault-code-catalogue.tsx";
import { FaultCodeDrawer } from "../components/fault-code-drawer.tsx";
import { FaultFilterBar } from "../components/fault-filter-bar.tsx";
import { FaultRecordsTable } from "../components/fault-records-table.tsx";
import { FaultSummary } from "../components/fault-summary.tsx";
import { useFaultModule } from "../utils/fault-module.ts";
import {
  type FaultFilterValues,
  type FaultQueryState,
  type FaultTab,
  offeredFilters,
  parseFaultQuery,
  parseTab,
  toSearchParams,
} from "../utils/fault-query.ts";
import "../components/faults.css";
import { useHasSubDistributors } from "../../../lib/distributor-options.ts";

/**
 * FaultAnalysis: fault records with charts under the same filters, and the fault-code catalogue.
 * Also CkFaultAnalysis, in the Hi-Checker module's `FaultModule` (pages/ck-fault-analysis-page.tsx).
 */
export default function FaultAnalysisPage() {
  const { t } = useTranslation("faults");
  const module = useFaultModule();
  const [params, setParams] = useSearchParams();
  const search = params.toString();
  const tab = parseTab(params);
  const state = useMemo(() => {
    const parsed = parseFaultQuery(new URLSearchParams(search));
    return { ...parsed, filters: offeredFilters(parsed.filters, module.pickLists) };
  }, [search, module.pickLists]);
  const [openCode, setOpenCode] = useState<string | null>(null);
  const codes = useFaultCodes();
  const stats = useFaultStats(state.filters);
  // New and repaired faults arrive live; records and charts follow.
  const live = useMemo(() => faultsLive(module.keyPrefix), [module.keyPrefix]);
  useDeviceEvents(live);
  // Checkers bound to an engineer may be any distributor's: the Hi-Checker module always says whose.
  const showOrganisation = useHasSubDistributors(module.pickLists) || !module.pickLists;
  // A shared link can name a device or project the viewer may not see: one clear message, not three failures.
  const filterNotFound = stats.error instanceof ApiError && stats.error.errorCode === Errors.notFound.errorCode;

  const navigate = useCallback(
    (next: FaultQueryState, nextTab: FaultTab = tab) => setParams(toSearchParams(next, nextTab)),
    [setParams, tab],
  );
  const searchWith = useCallback(
    (filters: FaultFilterValues) => navigate({ ...state, filters, pageNum: 1 }, "records"),
    [navigate, state],
  );
  const filterByCode = useCallback(
    (code: string) => {
      setOpenCode(null);
      searchWith({ ...state.filters, code });
    },
    [searchWith, state.filters],
  );

  return (
    <div className="faults-page">
      {module.intro && (
        <Typography.Paragraph type="secondary" className="faults-intro">
          {t(`intro.${module.intro}`)}
        </Typography.Paragraph>
      )}
      <Tabs
        activeKey={tab}
        onChange={(key) => navigate(state, key as FaultTab)}
        className="faults-tabs"
        items={[
          {
            key: "records",
            label: t("tabs.records"),
            icon: <UnorderedListOutlined />,
            children: (
              <div className="faults-stack">
                <FaultFilterBar filters={state.filters} codes={codes.data} onSearch={searchWith} />
                {filterNotFound ? (
                  <Result
                    status="404"
                    title={t("notFound.title")}
                    subTitle={t(module.pickLists ? "notFound.text" : "notFound.checkerText")}
                    extra={
                      <Button type="primary" onClick={() => searchWith({})}>
                        {t("notFound.clear")}
                      </Button>
                    }
                    className="faults-not-found"
                  />
                ) : (
                  <>
                    <FaultSummary
                      total={stats.data?.total}
                      open={stats.data?.open}
                      stateFiltered={state.filters.state !== undefined}
                    />
                    <FaultCharts
                      stats={stats.data}
                      loading={showsLoading(stats)}
                      error={stats.error}
                      onRetry={() => void stats.refetch()}
                      onCodeClick={filterByCode}
                    />
                    <FaultRecordsTable
                      state={state}
                      showOrganisation={showOrganisation}
                      onStateChange={(next) => navigate(next)}
                      onCodeClick={setOpenCode}
                    />
                  </>
                )}
              </div>
            ),
          },
          {
            key: "catalogue",
            label: t("tabs.catalogue"),
            icon: <BookOutlined />,
            children: (
              <FaultCodeCatalogue
                codes={codes.data}
                loading={codes.isLoading}
                error={codes.error}
                onRetry={() => void codes.refetch()}
                onOpen={setOpenCode}
              />
            ),
          },
        ]}
      />
      <FaultCodeDrawer
        code={openCode}
        entries={codes.data}
        loading={codes.isLoading}
        onClose={() => setOpenCode(null)}
        onShowRecords={tab === "records" && state.filters.code === openCode ? undefined : filterByCode}
      />
    </div>
  );
}
