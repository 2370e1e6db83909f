import { ReloadOutlined } from "@ant-design/icons";
import type { TClientError } from "@vrf/contract/client-errors/list.ts";
import { Button, Card, Empty, Flex, Tooltip, Typography } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedLogTable } from "../../../components/paged-log-table.tsx";
import { useClientErrors } from "../api/use-client-errors.ts";
import { clientErrorColumns } from "../components/client-error-columns.tsx";
import { ClientErrorDrawer } from "../components/client-error-drawer.tsx";
import { ClientErrorFilters } from "../components/client-error-filters.tsx";
import {
  type ClientErrorFilters as Filters,
  hasFilters,
  NO_FILTERS,
  PAGE_SIZES,
  toFilterRequest,
} from "../utils/list-query.ts";

/** clientErrors: the web app's errors in the browsers of the organisation's users, newest first, paged on the server. */
export default function ClientErrorsPage() {
  const { t } = useTranslation(["clientErrors", "common"]);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [opened, setOpened] = useState<TClientError | null>(null);
  const filterRequest = useMemo(() => toFilterRequest(filters), [filters]);
  const errors = useClientErrors({ ...page, ...filterRequest });
  const columns = useMemo(() => clientErrorColumns(t, setOpened), [t]);
  const filtered = hasFilters(filters);

  const change = (next: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...next }));
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t("list.noMatch") : t("list.empty")}>
      {filtered && <Button onClick={() => change(NO_FILTERS)}>{t("filters.reset")}</Button>}
    </Empty>
  );

  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
        <ClientErrorFilters value={filters} onChange={change} />
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
              icon={<ReloadOutlined spin={errors.isFetching && !errors.isPending} />}
              onClick={() => void errors.refetch()}
            />
          </Tooltip>
        </Flex>
        <PagedLogTable<TClientError>
          query={errors}
          columns={columns}
          page={page}
          onPage={setPage}
          pageSizes={PAGE_SIZES}
          empty={empty}
          failedTitle={t("list.loadFailed")}
          totalText={(total) => t("list.total", { count: total })}
        />
      </Card>
      <ClientErrorDrawer error={opened} onClose={() => setOpened(null)} />
    </Flex>
  );
}
