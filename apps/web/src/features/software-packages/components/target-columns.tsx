import type { TRolloutState } from "@vrf/contract/hi-checker/rollout-rules.ts";
import type { TRolloutTarget } from "@vrf/contract/hi-checker/rollouts.ts";
import { formatDateTime } from "@vrf/contract/time.ts";
import { Flex, Progress, Typography } from "antd";
import type { TFunction } from "i18next";
import type { ListColumns } from "../../../components/list-table.tsx";
import { stagePercent, waitsForConnection } from "../utils/rollout-progress.ts";
import { ConnectionDot, TargetStateTag } from "./rollout-tags.tsx";

/** A target row of the paged table, keyed by its checker. */
export type TargetRow = TRolloutTarget & { id: number };

/** Checker (the key) with its connection, firmware before and now, state with its stage bar, why it failed, when. */
export const targetColumns = (t: TFunction, rolloutState: TRolloutState): ListColumns<TargetRow> => [
  {
    key: "checker",
    title: t("rollout.targetColumns.checker"),
    width: 190,
    priority: "key",
    render: (_v, target) => (
      <span className="software-packages-checker">
        <span className="software-packages-mono">{target.deviceCode}</span>
        {target.deviceAlias ? <span className="software-packages-muted">{target.deviceAlias}</span> : null}
        <ConnectionDot online={target.online} />
      </span>
    ),
  },
  {
    key: "firmware",
    title: t("rollout.targetColumns.firmware"),
    width: 170,
    priority: "primary",
    render: (_v, target) => (
      <span className="software-packages-mono software-packages-nowrap">
        {target.fromFirmware === target.firmware
          ? target.firmware || "—"
          : t("rollout.firmwareChange", { from: target.fromFirmware || "—", to: target.firmware || "—" })}
      </span>
    ),
  },
  {
    key: "state",
    title: t("rollout.targetColumns.state"),
    width: 190,
    priority: "primary",
    render: (_v, target) => {
      const percent = stagePercent(target);
      return (
        <Flex vertical gap={2}>
          <span>
            <TargetStateTag state={target.state} />
          </span>
          {percent !== null && (
            <Progress percent={percent} size="small" status="active" aria-label={t(`targetStates.${target.state}`)} />
          )}
          {waitsForConnection(target, rolloutState) && (
            <Typography.Text type="secondary" className="software-packages-small">
              {t("rollout.waitingForConnection")}
            </Typography.Text>
          )}
        </Flex>
      );
    },
  },
  {
    key: "failure",
    title: t("rollout.targetColumns.failure"),
    width: 220,
    priority: "primary",
    render: (_v, target) =>
      target.failure ? <Typography.Text type="danger">{t(`targetFailures.${target.failure}`)}</Typography.Text> : null,
  },
  {
    key: "sentAt",
    title: t("rollout.targetColumns.sentAt"),
    width: 170,
    render: (_v, target) => <span className="list-nowrap">{formatDateTime(target.sentAt)}</span>,
  },
  {
    key: "updatedAt",
    title: t("rollout.targetColumns.updatedAt"),
    width: 170,
    render: (_v, target) => <span className="list-nowrap">{formatDateTime(target.updatedAt)}</span>,
  },
];
