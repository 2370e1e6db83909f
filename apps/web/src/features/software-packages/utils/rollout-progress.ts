import {
  rolloutMayMove,
  TARGET_STATES,
  type TargetCounts,
  type TRolloutState,
  type TTargetState,
} from "@vrf/contract/hi-checker/rollout-rules.ts";
import type { TRollout, TRolloutTarget } from "@vrf/contract/hi-checker/rollouts.ts";

/** Where a rollout stands, for its bar: ended targets make the bar, the done ones its green part. */
export interface RolloutProgress {
  total: number;
  done: number;
  failed: number;
  /** Not ended yet: waiting, downloading or installing. */
  open: number;
  /** Done and failed, of all (0-100, unrounded): the bar's length. */
  endedPercent: number;
  /** Done, of all (0-100, unrounded): the bar's green part; the rest of its length is the failed part. */
  donePercent: number;
}

export const targetTotal = (counts: TargetCounts): number =>
  TARGET_STATES.reduce((sum, state) => sum + counts[state], 0);

export const rolloutProgress = (counts: TargetCounts): RolloutProgress => {
  const total = targetTotal(counts);
  const share = (n: number) => (total === 0 ? 0 : (n / total) * 100);
  return {
    total,
    done: counts.done,
    failed: counts.failed,
    open: counts.pending + counts.downloading + counts.installing,
    endedPercent: share(counts.done + counts.failed),
    donePercent: share(counts.done),
  };
};

/**
 * The numbers a halted rollout's notice gives: how many of how many failed, the share it was to
 * stop beyond, and how many were never sent the update (left on their old firmware).
 */
export const haltedExplanation = (rollout: Pick<TRollout, "counts" | "failureSharePercent">) => ({
  failed: rollout.counts.failed,
  total: targetTotal(rollout.counts),
  share: rollout.failureSharePercent,
  untouched: rollout.counts.pending,
});

/** Tag colours: under way (blue), held by the user (orange), stopped by failures (red), ended (green). */
export const ROLLOUT_STATE_COLOURS: Record<TRolloutState, string> = {
  running: "processing",
  paused: "warning",
  halted: "error",
  finished: "success",
};

export const TARGET_STATE_COLOURS: Record<TTargetState, string> = {
  pending: "default",
  downloading: "processing",
  installing: "processing",
  done: "success",
  failed: "error",
};

/** Pause is offered on a running rollout, resume on a paused one: what the server accepts. */
export const rolloutAction = (state: TRolloutState): "pause" | "resume" | null => {
  if (rolloutMayMove(state, "paused")) return "pause";
  if (rolloutMayMove(state, "running")) return "resume";
  return null;
};

/** A target's stage percent, shown as a bar only while it downloads or installs. */
export const stagePercent = (target: Pick<TRolloutTarget, "state" | "percent">): number | null =>
  target.state === "downloading" || target.state === "installing" ? Math.min(100, Math.max(0, target.percent)) : null;

/** A waiting target whose checker is offline: it is sent the update once the checker connects. */
export const waitsForConnection = (
  target: Pick<TRolloutTarget, "state" | "online">,
  rolloutState: TRolloutState,
): boolean => target.state === "pending" && !target.online && (rolloutState === "running" || rolloutState === "paused");
