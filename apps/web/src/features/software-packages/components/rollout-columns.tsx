import type { TRollout } from "@vrf/contract/hi-checker/rollouts.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Button, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { targetTotal } from "../utils/rollout-progress.ts";
import { RolloutProgressBar } from "./rollout-progress-bar.tsx";
import { RolloutStateTag } from "./rollout-tags.tsx";

/** Version (the key), state, progress, checkers, who started it and when, and its detail. */
export const rolloutColumns = (t: TFunction, onOpen: (rollout: TRollout) => void): ListColumns<TRollout> => [
  {
    key: "version",
    title: t("rollouts.columns.version"),
    width: 140,
    priority: "key",
    render: (_v, rollout) => (
      <Typography.Text strong ellipsis={{ tooltip: rollout.fileName }}>
        {rollout.version}
      </Typography.Text>
    ),
  },
  {
    key: "state",
    title: t("rollouts.columns.state"),
    width: 120,
    priority: "primary",
    render: (_v, rollout) => <RolloutStateTag state={rollout.state} />,
  },
  {
    key: "progress",
    title: t("rollouts.columns.progress"),
    width: 220,
    priority: "primary",
    render: (_v, rollout) => <RolloutProgressBar counts={rollout.counts} />,
  },
  {
    key: "checkers",
    title: t("rollouts.columns.checkers"),
    width: 100,
    render: (_v, rollout) => targetTotal(rollout.counts),
  },
  {
    key: "createdBy",
    title: t("rollouts.columns.createdBy"),
    width: 150,
    render: (_v, rollout) =>
      rollout.createdBy || <Typography.Text type="secondary">{t("list.formerAccount")}</Typography.Text>,
  },
  {
    key: "createdAt",
    title: t("rollouts.columns.createdAt"),
    width: 170,
    priority: "primary",
    render: (_v, rollout) => <span className="list-nowrap">{formatDateTime(rollout.createdAt)}</span>,
  },
  {
    key: "actions",
    title: t("rollouts.columns.actions"),
    width: 100,
    render: (_v, rollout) => (
      <Button type="link" size="small" onClick={() => onOpen(rollout)}>
        {t("rollouts.open")}
      </Button>
    ),
  },
];
