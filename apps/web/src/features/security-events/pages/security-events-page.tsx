import { DownloadOutlined } from "@ant-design/icons";
import { SECURITY_EVENT_EXPORT_MAX_ROWS } from "@vrf/contract/security-events/export.ts";
import type { TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import { Button, Grid, message } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { FilteredListPage } from "../../../components/filtered-list-page.tsx";
import { runListExport } from "../../../lib/list-export.ts";
import { useExportSecurityEvents } from "../api/use-export-security-events.ts";
import { useSecurityEvents } from "../api/use-security-events.ts";
import { securityEventColumns } from "../components/security-event-columns.tsx";
import { SecurityEventFilters } from "../components/security-event-filters.tsx";
import {
  type SecurityEventFilters as Filters,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  toFilterRequest,
} from "../utils/list-query.ts";

/** securityEvents: the organisation's security log, newest first, filtered and paged on the server. */
export default function SecurityEventsPage() {
  const { t } = useTranslation(["securityEvents", "common"]);
  const screens = Grid.useBreakpoint();
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const filterRequest = useMemo(() => toFilterRequest(filters), [filters]);
  const events = useSecurityEvents({ ...page, ...filterRequest });
  const exporter = useExportSecurityEvents();
  const [messageApi, messageHolder] = message.useMessage();
  const columns = useMemo(() => securityEventColumns(t), [t]);
  const data = events.data;
  const filtered = hasFilters(filters);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const onExport = () =>
    runListExport({
      t,
      messageApi,
      total: data?.total ?? 0,
      max: SECURITY_EVENT_EXPORT_MAX_ROWS,
      run: (extra) => exporter.mutateAsync({ ...filterRequest, ...extra }),
    });

  return (
    <FilteredListPage<TSecurityEvent>
      namespace="securityEvents"
      filters={<SecurityEventFilters value={filters} onChange={change} />}
      filtered={filtered}
      onResetFilters={() => change(NO_FILTERS)}
      query={events}
      columns={columns}
      listId="security-events"
      page={page}
      onPage={setPage}
      pageSizes={PAGE_SIZES}
      actions={
        <Button
          icon={<DownloadOutlined />}
          aria-label={t("list.export")}
          onClick={onExport}
          loading={exporter.isPending}
          disabled={!data || data.total === 0}
        >
          {screens.sm ? t("list.export") : null}
        </Button>
      }
      totalText={(total) =>
        data?.totalCapped ? t("list.totalCapped", { count: total.toLocaleString() }) : t("list.total", { count: total })
      }
    >
      {messageHolder}
    </FilteredListPage>
  );
}
