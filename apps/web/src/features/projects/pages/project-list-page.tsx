import { DownloadOutlined, PlusOutlined } from "@ant-design/icons";
import type { TProjectListItem } from "@vrf/contract/projects/project-list.ts";
import { App, Button, Card, Empty, Flex, Result, type TableProps, Typography } from "antd";
import dayjs from "dayjs";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { useNavigate, useSearchParams } from "react-router";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { errorMessage } from "../../../lib/error-text.ts";
import { useExportProjects } from "../api/use-export-projects.ts";
import { useProjects } from "../api/use-projects.ts";
import { useProjectsLive } from "../api/use-projects-live.ts";
import { projectColumns } from "../components/project-columns.tsx";
import { ProjectFilters } from "../components/project-filters.tsx";
import {
  filtersOf,
  listQueryToParams,
  PAGE_SIZES,
  type ProjectListQuery,
  parseListQuery,
  withFilters,
} from "../utils/list-query.ts";
import "../components/project-pages.css";
import { useHasSubDistributors, useOrganisationOptions } from "../../../lib/distributor-options.ts";
import { showsLoading } from "../../../lib/query-loading.ts";

const hasFilters = (query: ProjectListQuery) => Object.values(filtersOf(query)).some((v) => v !== undefined);

/** ProjectList: every project in reach, filtered, sorted and paged on the server, exportable. */
export default function ProjectListPage() {
  const { t } = useTranslation(["projects", "errors"]);
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const query = useMemo(() => parseListQuery(params), [params]);
  const projects = useProjects(query);
  useProjectsLive();
  const organisations = useOrganisationOptions();
  const exporter = useExportProjects();
  const showOrganisation = useHasSubDistributors();
  const columns = useMemo(() => projectColumns(t, query, { showOrganisation }), [t, query, showOrganisation]);

  const go = (next: ProjectListQuery) => setParams(listQueryToParams(next));

  const onTableChange: TableProps<TProjectListItem>["onChange"] = (pagination, _filters, sorter) => {
    const single = Array.isArray(sorter) ? sorter[0] : sorter;
    const field = single?.order ? (single.columnKey as ProjectListQuery["sort"]) : undefined;
    const next: ProjectListQuery = {
      ...query,
      pageNum: pagination.current ?? 1,
      pageSize: pagination.pageSize ?? query.pageSize,
    };
    delete next.sort;
    delete next.order;
    if (field && single?.order) {
      next.sort = field;
      next.order = single.order;
    }
    // A new order or page size starts at the first page.
    if (next.sort !== query.sort || next.order !== query.order || next.pageSize !== query.pageSize) next.pageNum = 1;
    go(next);
  };

  const exportList = async () => {
    const key = "project-export";
    message.open({ key, type: "loading", content: t("list.exporting"), duration: 0 });
    try {
      await exporter.mutateAsync({
        ...filtersOf(query),
        ...(query.sort ? { sort: query.sort, order: query.order } : {}),
        filename: `${t("list.exportFileName")}-${dayjs().format("YYYYMMDD-HHmm")}.xlsx`,
      });
      message.open({ key, type: "success", content: t("list.exported") });
    } catch (error) {
      message.open({ key, type: "error", content: t("list.exportFailed", { reason: errorMessage(t, error) }) });
    }
  };

  const data = projects.data;
  const emptyText = hasFilters(query) ? (
    <Empty description={t("list.emptyFiltered")}>
      <Button onClick={() => go({ pageNum: 1, pageSize: query.pageSize })}>{t("list.clearFilters")}</Button>
    </Empty>
  ) : (
    <Empty description={t("list.empty")}>
      <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/projectMangement/projectWriteIn")}>
        {t("list.create")}
      </Button>
    </Empty>
  );

  return (
    <Card>
      <ProjectFilters
        query={query}
        organisations={organisations.data ?? []}
        onChange={(change) => go(withFilters(query, change))}
        onReset={() => go({ pageNum: 1, pageSize: query.pageSize })}
      />
      <Flex justify="space-between" align="center" wrap gap={8} className="project-toolbar">
        <Typography.Text type="secondary" aria-live="polite">
          {data ? t("list.total", { count: data.total }) : "\u00a0"}
        </Typography.Text>
        <Flex gap={8} wrap>
          <Button
            icon={<DownloadOutlined />}
            onClick={() => void exportList()}
            loading={exporter.isPending}
            disabled={!data || data.total === 0}
          >
            {t("list.export")}
          </Button>
          <Button type="primary" icon={<PlusOutlined />} onClick={() => navigate("/projectMangement/projectWriteIn")}>
            {t("list.create")}
          </Button>
          <ColumnChooser listId="projects" columns={columns} />
        </Flex>
      </Flex>
      {projects.isError && !data ? (
        <Result
          status="error"
          title={t("list.loadFailed")}
          subTitle={errorMessage(t, projects.error)}
          extra={
            <Button type="primary" onClick={() => projects.refetch()}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      ) : (
        <ListTable<TProjectListItem>
          className="project-table"
          rowKey="id"
          bordered
          size="middle"
          listId="projects"
          columns={columns}
          dataSource={data?.list ?? []}
          loading={showsLoading(projects)}
          onChange={onTableChange}
          locale={{ emptyText: projects.isLoading ? " " : emptyText }}
          pagination={{
            current: query.pageNum,
            pageSize: query.pageSize,
            total: data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES.map(String),
            showTotal: (total) => t("list.total", { count: total }),
            responsive: true,
          }}
        />
      )}
    </Card>
  );
}
