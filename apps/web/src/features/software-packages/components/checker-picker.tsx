import type { TCheckerRow } from "@vrf/contract/devices/checkers.ts";
import { KEYWORD_MAX } from "@vrf/contract/rules.ts";
import { Alert, Button, Flex, Input, Table, Tag, Typography } from "antd";
import type { ColumnsType } from "antd/es/table";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { useErrorText } from "../../../lib/error-text.ts";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useRolloutCheckers } from "../api/use-rollout-checkers.ts";
import { applyChoice, type ChosenChecker, choiceFromKeys, isInTask, isOnline } from "../utils/checker-choice.ts";
import { checkerChoiceLive } from "../utils/live-keys.ts";
import { ConnectionDot } from "./rollout-tags.tsx";

const PAGE_SIZE = 10;
/** Chosen checkers named under the table; beyond these a count says how many more. */
const NAMED_CHOICES = 20;

/**
 * The caller's checkers, searched on the server and read page by page, ticked for a rollout.
 * The choice survives paging and searching: a checker is found, ticked, and the next one searched.
 */
export function CheckerPicker({
  value,
  onChange,
  error,
}: {
  value: ReadonlyMap<number, ChosenChecker>;
  onChange: (next: Map<number, ChosenChecker>) => void;
  /** Why the choice was refused (none chosen, too many, a checker in another rollout). */
  error: string | null;
}) {
  const { t } = useTranslation("softwarePackages");
  const errorText = useErrorText();
  const [search, setSearch] = useState("");
  const [keyword, setKeyword] = useState("");
  const [pageNum, setPageNum] = useState(1);
  const checkers = useRolloutCheckers(keyword, { pageNum, pageSize: PAGE_SIZE });
  useDeviceEvents(checkerChoiceLive);

  const columns = useMemo<ColumnsType<TCheckerRow>>(
    () => [
      {
        key: "deviceCode",
        title: t("newRollout.columns.deviceCode"),
        render: (_v, row) => <span className="software-packages-mono">{row.deviceCode}</span>,
      },
      { key: "alias", title: t("newRollout.columns.alias"), render: (_v, row) => row.alias || "—" },
      { key: "firmware", title: t("newRollout.columns.firmware"), render: (_v, row) => row.firmware || "—" },
      {
        key: "connection",
        title: t("newRollout.columns.connection"),
        render: (_v, row) => (
          <Flex gap={8} align="center" wrap>
            <ConnectionDot online={isOnline(row.status)} />
            {isInTask(row.status) && (
              <Tag color="processing" variant="filled">
                {t("newRollout.inTask")}
              </Tag>
            )}
          </Flex>
        ),
      },
    ],
    [t],
  );

  const chosen = [...value.values()];
  const find = (text: string) => {
    setKeyword(text.trim().slice(0, KEYWORD_MAX));
    setPageNum(1);
  };

  return (
    <Flex vertical gap={8}>
      <Input.Search
        aria-label={t("newRollout.search")}
        placeholder={t("newRollout.searchPlaceholder")}
        value={search}
        maxLength={KEYWORD_MAX}
        allowClear
        onChange={(e) => {
          setSearch(e.target.value);
          if (e.target.value === "" && keyword !== "") find("");
        }}
        // The picker sits in the rollout's form: Enter searches, it does not start the rollout.
        onPressEnter={(e) => e.preventDefault()}
        onSearch={find}
      />
      {checkers.isError && (
        <Alert
          type="error"
          showIcon
          title={`${t("newRollout.checkersFailed")}: ${errorText(checkers.error)}`}
          action={
            <Button size="small" onClick={() => void checkers.refetch()}>
              {t("actions.refresh")}
            </Button>
          }
        />
      )}
      <Table<TCheckerRow>
        rowKey="id"
        size="small"
        aria-label={t("newRollout.checkers")}
        columns={columns}
        dataSource={checkers.data?.list ?? []}
        loading={checkers.isFetching}
        locale={{ emptyText: checkers.isPending ? " " : t("newRollout.noCheckers") }}
        rowSelection={{
          selectedRowKeys: [...value.keys()],
          preserveSelectedRowKeys: true,
          onChange: (keys, rows) => onChange(choiceFromKeys(value, keys, rows)),
          getCheckboxProps: (row) => ({
            "aria-label": t("newRollout.choose", { checker: row.alias || row.deviceCode }),
          }),
        }}
        pagination={{
          current: pageNum,
          pageSize: PAGE_SIZE,
          total: checkers.data?.total ?? 0,
          showSizeChanger: false,
          showTotal: (total) => t("newRollout.checkersTotal", { count: total }),
          onChange: setPageNum,
        }}
      />
      <Flex gap={8} align="center" wrap>
        {chosen.length === 0 ? (
          <Typography.Text type="secondary">{t("newRollout.noneChosen")}</Typography.Text>
        ) : (
          <>
            <Typography.Text strong>{t("newRollout.chosen", { count: chosen.length })}</Typography.Text>
            <Button type="link" size="small" onClick={() => onChange(new Map())}>
              {t("newRollout.clearChoice")}
            </Button>
          </>
        )}
      </Flex>
      {error && (
        <Typography.Text type="danger" role="alert">
          {error}
        </Typography.Text>
      )}
      {chosen.length > 0 && (
        <Flex gap={4} wrap>
          {chosen.slice(0, NAMED_CHOICES).map((checker) => (
            <Tag
              key={checker.id}
              closable
              onClose={(e) => {
                e.preventDefault();
                onChange(applyChoice(value, [checker], false));
              }}
            >
              {checker.alias || checker.deviceCode}
            </Tag>
          ))}
          {chosen.length > NAMED_CHOICES && (
            <Tag>{t("newRollout.moreChosen", { count: chosen.length - NAMED_CHOICES })}</Tag>
          )}
        </Flex>
      )}
      <Typography.Text type="secondary">{t("newRollout.waitNote")}</Typography.Text>
    </Flex>
  );
}
