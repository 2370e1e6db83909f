import type { TRolloutState } from "@vrf/contract/hi-checker/rollout-rules.ts";
import { Empty } from "antd";
import { useMemo, useState } from "react";
import { useTranslation } from "react-i18next";
import { PagedListTable } from "../../../components/paged-list-table.tsx";
import { useDeviceEvents } from "../../../lib/use-device-events.ts";
import { useRolloutTargets } from "../api/use-rollout-targets.ts";
import { PAGE_SIZES } from "../utils/list-state.ts";
import { isShownChecker, rolloutTargetsLive } from "../utils/live-keys.ts";
import { type TargetRow, targetColumns } from "./target-columns.tsx";

/** A rollout's checkers page by page, updating ones first; their connection dots follow the checkers. */
export function RolloutTargets({ rolloutId, rolloutState }: { rolloutId: string; rolloutState: TRolloutState }) {
  const { t } = useTranslation("softwarePackages");
  const [page, setPage] = useState({ pageNum: 1, pageSize: 20 });
  const targets = useRolloutTargets(rolloutId, page);
  const shown = useMemo(() => new Set((targets.data?.list ?? []).map((row) => row.id)), [targets.data]);
  useDeviceEvents(rolloutTargetsLive(rolloutId), { match: isShownChecker(shown) });
  const columns = useMemo(() => targetColumns(t, rolloutState), [t, rolloutState]);

  return (
    <PagedListTable<TargetRow>
      toolbar={{ style: { marginBottom: 12 }, refreshLabel: t("actions.refresh") }}
      query={targets}
      listId="software-rollout-targets"
      columns={columns}
      page={page}
      onPage={setPage}
      pageSizes={PAGE_SIZES}
      empty={<Empty image={Empty.PRESENTED_IMAGE_SIMPLE} description={t("rollout.targetsEmpty")} />}
      failedTitle={t("rollout.targetsFailed")}
      totalText={(total) => t("rollout.targetsTotal", { count: total })}
    />
  );
}
