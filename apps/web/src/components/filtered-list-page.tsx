import { Button, Card, Empty, Flex, Typography } from "antd";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ListColumns } from "./list-table.tsx";
import { ResetFiltersLink } from "./list-toolbar.tsx";
import { type ListPage, PagedListTable, type PagedQuery } from "./paged-list-table.tsx";

/**
 * A page of one filtered list read from the server (the security log, the web app's error log):
 * a card with the page's introduction and its filters, then a card with the toolbar (reset the
 * filters, refresh, the page's own actions, the column chooser) above the paged table. Its texts
 * come from the page's namespace under the same keys: `intro`, `filters.reset`, `filters.refresh`,
 * `list.empty`, `list.noMatch`, `list.loadFailed` and, unless `totalText` says otherwise,
 * `list.total`.
 */
export function FilteredListPage<T extends { id: number }>(props: {
  namespace: string;
  filters: ReactNode;
  filtered: boolean;
  onResetFilters: () => void;
  query: PagedQuery<T>;
  columns: ListColumns<T>;
  listId: string;
  page: ListPage;
  onPage: (page: ListPage) => void;
  pageSizes: readonly number[];
  /** Buttons of the page's own (an export), between refresh and the column chooser. */
  actions?: ReactNode;
  totalText?: (total: number) => string;
  /** Drawers, message holders: whatever the page renders beside the list. */
  children?: ReactNode;
}) {
  const { t } = useTranslation([props.namespace, "common"]);
  const { query, filtered, onResetFilters } = props;
  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={filtered ? t("list.noMatch") : t("list.empty")}>
      {filtered && <Button onClick={onResetFilters}>{t("filters.reset")}</Button>}
    </Empty>
  );
  return (
    <Flex vertical gap={16}>
      <Card variant="borderless" styles={{ body: { paddingBottom: 0 } }}>
        <Typography.Paragraph type="secondary">{t("intro")}</Typography.Paragraph>
        {props.filters}
      </Card>
      <Card variant="borderless">
        <PagedListTable<T>
          toolbar={{
            style: { marginBottom: 12 },
            leading: <ResetFiltersLink shown={filtered} onReset={onResetFilters} label={t("filters.reset")} />,
            refreshLabel: t("filters.refresh"),
            actions: props.actions,
          }}
          query={query}
          listId={props.listId}
          columns={props.columns}
          page={props.page}
          onPage={props.onPage}
          pageSizes={props.pageSizes}
          empty={empty}
          failedTitle={t("list.loadFailed")}
          totalText={props.totalText ?? ((total) => t("list.total", { count: total }))}
        />
      </Card>
      {props.children}
    </Flex>
  );
}
