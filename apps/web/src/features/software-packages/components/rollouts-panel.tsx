import type { TRollout } from "@vrf/contract/hi-checker/rollouts.ts";
import { Button, Empty, Typography } from "antd";
import { useMemo } from "react";
import { useTranslation } from "react-i18next";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useRollouts } from "../api/use-rollouts.ts";
import { PAGE_SIZES } from "../utils/list-state.ts";
import { rolloutListLive } from "../utils/live-keys.ts";
import type { RolloutListState } from "../utils/page-view.ts";
import { rolloutColumns } from "./rollout-columns.tsx";

/** The organisation's rollouts, newest first, kept current by the checkers' rollout events. */
export function RolloutsPanel({
  state,
  onPage,
  onOpen,
  onShowPackages,
}: {
  state: RolloutListState;
  onPage: (next: RolloutListState) => void;
  onOpen: (rollout: TRollout) => void;
  onShowPackages: () => void;
}) {
  const { t } = useTranslation("softwarePackages");
  const request = useMemo(() => ({ pageNum: state.page, pageSize: state.pageSize }), [state]);
  const rollouts = useRollouts(request);
  useDeviceEvents(rolloutListLive);
  const columns = useMemo(() => rolloutColumns(t, onOpen), [t, onOpen]);

  const empty = (
    <Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("rollouts.empty")}>
      <Button onClick={onShowPackages}>{t("rollouts.toPackages")}</Button>
    </Empty>
  );

  return (
    <>
      <Typography.Paragraph type="secondary">{t("rollouts.intro")}</Typography.Paragraph>
      <PagedListTable<TRollout>
        toolbar={{ style: { marginBottom: 12 }, refreshLabel: t("actions.refresh") }}
        query={rollouts}
        listId="software-rollouts"
        columns={columns}
        page={{ pageNum: state.page, pageSize: state.pageSize }}
        onPage={(page) => onPage({ page: page.pageNum, pageSize: page.pageSize })}
        pageSizes={PAGE_SIZES}
        empty={empty}
        failedTitle={t("rollouts.loadFailed")}
        totalText={(total) => t("rollouts.total", { count: total })}
      />
    </>
  );
}
