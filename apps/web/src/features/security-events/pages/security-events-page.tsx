import { DownloadOutlined, ReloadOutlined } from "@ant-design/icons";
import { SECURITY_EVENT_EXPORT_MAX_ROWS } from "@vrf/contract/security-events/export.ts";
import type { TSecurityEvent } from "@vrf/contract/security-events/list.ts";
import { Button, Card, Empty, Flex, Grid, message, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedLogTable } from "../../../components/paged-log-table.tsx";
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

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t("list.noMatch") : t("list.empty")}>
      {filtered && <Button onClick={() => change(NO_FILTERS)}>{t("filters.reset")}</Button>}
    </Empty>
  );

  return (
    <Flex vertical gap={16}>
      {messageHolder}
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
        <SecurityEventFilters value={filters} onChange={change} />
      </Card>
      <Card variant="borderless">
        <Flex gap={8} align="center" justify="flex-end" style={{ marginBottom: 12 }}>
          {filtered && (
            <Button type="link" onClick={() => change(NO_FILTERS)}>
              {t("filters.reset")}
            </Button>
          )}
          <Tooltip title={t("filters.refresh")}>
            <Button
              aria-label={t("filters.refresh")}
              icon={<ReloadOutlined spin={events.isFetching && !events.isPending} />}
              onClick={() => void events.refetch()}
            />
          </Tooltip>
          <Button
            icon={<DownloadOutlined />}
            aria-label={t("list.export")}
            onClick={onExport}
            loading={exporter.isPending}
            disabled={!data || data.total === 0}
          >
            {screens.sm ? t("list.export") : null}
          </Button>
        </Flex>
        <PagedLogTable<TSecurityEvent>
          query={events}
          columns={columns}
          page={page}
          onPage={setPage}
          pageSizes={PAGE_SIZES}
          empty={empty}
          failedTitle={t("list.loadFailed")}
          totalText={(total) =>
            data?.totalCapped
              ? t("list.totalCapped", { count: total.toLocaleString() })
              : t("list.total", { count: total })
          }
        />
      </Card>
    </Flex>
  );
}
