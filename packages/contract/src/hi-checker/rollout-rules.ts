/**
 * The rules of a firmware rollout to checkers, the same for the server (which moves a rollout on)
 * and the web (which explains its state).
 *
 * A rollout has targets, one per checker. A target waits (`pending`), is sent the update
 * (`downloading`, then `installing` as the checker reports), and ends `done` or `failed`.
 * The rollout is `running` until every target has ended (`finished`); a user may pause it
 * (`paused`: no target not yet started is sent the update; those started finish) and resume it;
 * it stops by itself (`halted`) once the failed share of its targets exceeds the share chosen at
 * its creation. A halted rollout is not resumed: its failures are to be understood first.
 */
export const TARGET_STATES = ["pending", "downloading", "installing", "done", "failed"] as const;
export type TTargetState = (typeof TARGET_STATES)[number];

export const ROLLOUT_STATES = ["running", "paused", "halted", "finished"] as const;
export type TRolloutState = (typeof ROLLOUT_STATES)[number];

/** The failed share a rollout stops at unless its creator chooses another (percent of its targets). */
export const DEFAULT_FAILURE_SHARE_PERCENT = 20;

/** Where a target may go from each state; a report that would move it elsewhere is stale and ignored. */
const NEXT: Readonly<Record<TTargetState, readonly TTargetState[]>> = {
  pending: ["downloading", "failed"],
  downloading: ["downloading", "installing", "done", "failed"],
  installing: ["installing", "done", "failed"],
  done: [],
  failed: [],
};

export const targetMayMove = (from: TTargetState, to: TTargetState): boolean => NEXT[from].includes(to);

export const targetEnded = (state: TTargetState): boolean => state === "done" || state === "failed";

/** How many of a rollout's targets are in each state. */
export type TargetCounts = Readonly<Record<TTargetState, number>>;

const totalOf = (counts: TargetCounts) => TARGET_STATES.reduce((sum, state) => sum + counts[state], 0);

/**
 * Whether the failed targets exceed `failureSharePercent` of all targets: 2 failed of 10 is 20%
 * and does not exceed a share of 20; 3 of 10 does. A share of 100 never halts.
 */
export const exceedsFailureShare = (counts: TargetCounts, failureSharePercent: number): boolean => {
  const total = totalOf(counts);
  return total > 0 && counts.failed * 100 > failureSharePercent * total;
};

/** The state a rollout moves to after its targets changed: halted, finished, or as it was. */
export const rolloutStateAfter = (
  state: TRolloutState,
  counts: TargetCounts,
  failureSharePercent: number,
): TRolloutState => {
  if (state === "halted" || state === "finished") return state;
  if (exceedsFailureShare(counts, failureSharePercent)) return "halted";
  const open = counts.pending + counts.downloading + counts.installing;
  return open === 0 ? "finished" : state;
};

/**
 * How many more targets may be sent the update now: none unless the rollout runs, else up to
 * `maxInFlight` downloading or installing at once, and no more than are waiting.
 */
export const dispatchCapacity = (state: TRolloutState, counts: TargetCounts, maxInFlight: number): number => {
  if (state !== "running") return 0;
  const inFlight = counts.downloading + counts.installing;
  return Math.max(0, Math.min(counts.pending, maxInFlight - inFlight));
};

/** Pause applies to a running rollout, resume to a paused one; anything else is refused. */
export const rolloutMayMove = (from: TRolloutState, to: "paused" | "running"): boolean =>
  to === "paused" ? from === "running" : from === "paused";
