import { PlusOutlined, ReloadOutlined } from "@ant-design/icons";
import {
  SUB_DISTRIBUTOR_STATUSES,
  type SubDistributorStatus,
  type TSubDistributor,
} from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { Alert, App, Button, Empty, Flex, Grid, Input, Result, Select, Tooltip } from "antd";
import type { SorterResult } from "antd/es/table/interface";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { ColumnChooser } from "../../../components/column-chooser.tsx";
import { ListTable } from "../../../components/list-table.tsx";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeleteSubDistributor } from "../api/use-delete-sub-distributor.ts";
import { useReleaseSubDistributor } from "../api/use-release-sub-distributor.ts";
import { useSubDistributorCounts } from "../api/use-sub-distributor-counts.ts";
import { useSubDistributors } from "../api/use-sub-distributors.ts";
import { useSubmitSubDistributor } from "../api/use-submit-sub-distributor.ts";
import type { RowAction } from "../utils/link-status.ts";
import { type SubDistributorSort, sortOf } from "../utils/table-query.ts";
import { AddSubDistributorModal, type AddValues } from "./add-sub-distributor-modal.tsx";
import { EditNoteModal } from "./edit-note-modal.tsx";
import { HistoryDrawer } from "./history-drawer.tsx";
import { subDistributorColumns } from "./sub-distributor-columns.tsx";

const PAGE_SIZES = ["10", "20", "50", "100"];

interface SubDistributorsPanelProps {
  status: SubDistributorStatus | undefined;
  onStatusChange: (status: SubDistributorStatus | undefined) => void;
}

/** The distributor's own sub-distributors: filters, the paged table, and every action on a row. */
export function SubDistributorsPanel({ status, onStatusChange }: SubDistributorsPanelProps) {
  const { t } = useTranslation("subDistributors");
  const errorText = useErrorText();
  const { modal, message } = App.useApp();
  const screens = Grid.useBreakpoint();

  const [keywordInput, setKeywordInput] = useState("");
  const [keyword, setKeyword] = useState("");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const [sort, setSort] = useState<{ sort: SubDistributorSort; order: "ascend" | "descend" } | null>(null);
  const [adding, setAdding] = useState<AddValues | null>(null);
  // The row a modal or drawer is about stays set while it closes; `open` says whether it shows.
  const [editing, setEditing] = useState<{ link: TSubDistributor | null; open: boolean }>({ link: null, open: false });
  const [historyOf, setHistoryOf] = useState<{ link: TSubDistributor | null; open: boolean }>({
    link: null,
    open: false,
  });

  // A status chosen from outside (a dashboard link changing ?status=) starts again at page 1.
  const [pagedStatus, setPagedStatus] = useState(status);
  if (pagedStatus !== status) {
    setPagedStatus(status);
    setPage((p) => ({ ...p, pageNum: 1 }));
  }

  const list = useSubDistributors({
    ...page,
    ...(status === undefined ? {} : { status }),
    ...(keyword ? { keyword } : {}),
    ...(sort ?? {}),
  });
  const counts = useSubDistributorCounts();
  const submit = useSubmitSubDistributor();
  const release = useReleaseSubDistributor();
  const remove = useDeleteSubDistributor();

  const countOf = (s: SubDistributorStatus) => counts.data?.counts.find((c) => c.status === s)?.count;
  const allCount = counts.data?.counts.reduce((sum, c) => sum + c.count, 0);
  const filtered = status !== undefined || keyword !== "";

  const search = (value: string) => {
    setKeyword(value.trim());
    setPage((p) => ({ ...p, pageNum: 1 }));
  };

  const reset = () => {
    setKeywordInput("");
    setKeyword("");
    setSort(null);
    onStatusChange(undefined);
  };

  /** A confirmation whose OK button spins until the call settles; a refusal is shown as a toast. */
  const confirmThen = (title: string, content: string, danger: boolean, run: () => Promise<unknown>, done: string) => {
    void modal.confirm({
      title,
      content,
      okText: t("actions.confirm"),
      cancelText: t("actions.cancel"),
      okButtonProps: { danger },
      onOk: async () => {
        try {
          await run();
          void message.success(done);
        } catch (error) {
          void message.error(errorText(error));
        }
      },
    });
  };

  const onAction = (action: RowAction, link: TSubDistributor) => {
    const names = { email: link.email, organisation: link.organisationName };
    switch (action) {
      case "submit":
        confirmThen(
          t("confirm.submitTitle"),
          t("confirm.submitText", names),
          false,
          () => submit.mutateAsync({ id: link.id }),
          t("confirm.submitDone"),
        );
        return;
      case "delete":
        confirmThen(
          t("confirm.deleteTitle"),
          t("confirm.deleteText", names),
          true,
          () => remove.mutateAsync({ id: link.id }),
          t("confirm.deleteDone"),
        );
        return;
      case "release":
        confirmThen(
          t("confirm.releaseTitle"),
          t("confirm.releaseText", names),
          true,
          () => release.mutateAsync({ id: link.id }),
          t("confirm.releaseDone", names),
        );
        return;
      case "editNote":
        setEditing({ link, open: true });
        return;
      case "inviteAgain":
        setAdding({ email: link.email, note: link.note });
        return;
      case "history":
        setHistoryOf({ link, open: true });
        return;
    }
  };

  const columns = subDistributorColumns({ t, sort, onAction });

  const statusOptions = [
    { value: "all", label: `${t("status.all")}${allCount === undefined ? "" : ` (${allCount})`}` },
    ...SUB_DISTRIBUTOR_STATUSES.map((s) => {
      const count = countOf(s);
      return { value: String(s), label: `${t(`status.${s}`)}${count === undefined ? "" : ` (${count})`}` };
    }),
  ];

  const emptyState = filtered ? (
    <Empty description={t("list.noMatch")}>
      <Button onClick={reset}>{t("filters.reset")}</Button>
    </Empty>
  ) : (
    <Empty description={t("list.empty")}>
      <Flex vertical align="center" gap={12}>
        <span style={{ maxWidth: 420, color: "rgba(0,0,0,0.45)" }}>{t("list.emptyHint")}</span>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setAdding({ email: "", note: "" })}>
          {t("actions.add")}
        </Button>
      </Flex>
    </Empty>
  );

  return (
    <Flex vertical gap={12}>
      <Flex wrap gap={8} align="center">
        <Select
          aria-label={t("filters.status")}
          value={status === undefined ? "all" : String(status)}
          options={statusOptions}
          onChange={(value: string) =>
            onStatusChange(value === "all" ? undefined : (Number(value) as SubDistributorStatus))
          }
          style={{ width: screens.sm ? 220 : "100%" }}
          popupMatchSelectWidth={false}
        />
        <Input.Search
          aria-label={t("filters.keyword")}
          placeholder={t("filters.keyword")}
          value={keywordInput}
          onChange={(e) => {
            setKeywordInput(e.target.value);
            if (e.target.value === "" && keyword !== "") search("");
          }}
          onSearch={search}
          allowClear
          maxLength={100}
          enterButton={t("filters.search")}
          style={{ width: screens.sm ? 320 : "100%" }}
        />
        <Button onClick={reset} disabled={!filtered && sort === null}>
          {t("filters.reset")}
        </Button>
        <Tooltip title={t("filters.refresh")}>
          <Button
            aria-label={t("filters.refresh")}
            icon={<ReloadOutlined spin={list.isFetching && !list.isPending} />}
            onClick={() => {
              void list.refetch();
              void counts.refetch();
            }}
          />
        </Tooltip>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding({ email: "", note: "" })}
          style={{ marginInlineStart: "auto" }}
        >
          {t("actions.add")}
        </Button>
        <ColumnChooser listId="sub-distributors" columns={columns} />
      </Flex>

      {list.isError && list.data && (
        <Alert
          type="warning"
          showIcon
          title={`${t("list.loadFailed")}: ${errorText(list.error)}`}
          action={
            <Button size="small" onClick={() => void list.refetch()}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      )}
      {list.isError && !list.data ? (
        <Result
          status="warning"
          title={t("list.loadFailed")}
          subTitle={errorText(list.error)}
          extra={
            <Button type="primary" onClick={() => void list.refetch()}>
              {t("common:actions.retry")}
            </Button>
          }
        />
      ) : (
        <ListTable<TSubDistributor>
          rowKey="id"
          size="middle"
          // Fixed: the note and return reason share what is left instead of growing with their text.
          tableLayout="fixed"
          loading={list.isFetching}
          dataSource={list.data?.list ?? []}
          listId="sub-distributors"
          columns={columns}
          locale={{ emptyText: list.isPending ? " " : emptyState }}
          onChange={(pagination, _filters, sorter) => {
            const one = (Array.isArray(sorter) ? sorter[0] : sorter) as SorterResult<TSubDistributor> | undefined;
            const nextSort = sortOf(one?.columnKey, one?.order);
            const sortChanged = nextSort?.sort !== sort?.sort || nextSort?.order !== sort?.order;
            setSort(nextSort);
            setPage({
              pageNum: sortChanged ? 1 : (pagination.current ?? 1),
              pageSize: pagination.pageSize ?? page.pageSize,
            });
          }}
          pagination={{
            current: page.pageNum,
            pageSize: page.pageSize,
            total: list.data?.total ?? 0,
            showSizeChanger: true,
            pageSizeOptions: PAGE_SIZES,
            showTotal: (total) => t("list.total", { count: total }),
            simple: !screens.sm,
          }}
        />
      )}

      <AddSubDistributorModal
        open={adding !== null}
        initialValues={adding ?? { email: "", note: "" }}
        onClose={() => setAdding(null)}
      />
      <EditNoteModal
        open={editing.open}
        link={editing.link}
        onClose={() => setEditing((e) => ({ ...e, open: false }))}
      />
      <HistoryDrawer
        open={historyOf.open}
        link={historyOf.link}
        onClose={() => setHistoryOf((h) => ({ ...h, open: false }))}
      />
    </Flex>
  );
}
