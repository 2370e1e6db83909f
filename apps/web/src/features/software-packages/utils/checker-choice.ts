import type { TCheckerRow } from "@vrf/contract/devices/checkers.ts";
import { ROLLOUT_TARGETS_MAX } from "@vrf/contract/hi-checker/rollouts.ts";

/** What the new-rollout form keeps of a chosen checker: enough to name it after its page is gone. */
export interface ChosenChecker {
  id: number;
  deviceCode: string;
  alias: string;
}

/** A checker that has not connected, or lost its connection, waits for it before its update. */
export const isOnline = (status: string): boolean => status !== "offline";

/** Grabbing messages or collecting data: a task runs on it, and its update waits for the task's end. */
export const isInTask = (status: string): boolean => status === "grabbing" || status === "collecting";

/**
 * The choice after ticking (`chosen`) or unticking rows of one page: the other pages' choices
 * stay, in the order they were made.
 */
export const applyChoice = (
  current: ReadonlyMap<number, ChosenChecker>,
  rows: readonly Pick<TCheckerRow, "id" | "deviceCode" | "alias">[],
  chosen: boolean,
): Map<number, ChosenChecker> => {
  const next = new Map(current);
  for (const row of rows) {
    if (chosen) {
      if (!next.has(row.id)) next.set(row.id, { id: row.id, deviceCode: row.deviceCode, alias: row.alias });
    } else next.delete(row.id);
  }
  return next;
};

/** Why the choice cannot be sent (a key of the `errors` texts, as the server says it), or null. */
export const choiceProblem = (count: number): "rolloutNoCheckers" | "rolloutTooManyCheckers" | null => {
  if (count === 0) return "rolloutNoCheckers";
  if (count > ROLLOUT_TARGETS_MAX) return "rolloutTooManyCheckers";
  return null;
};

/**
 * The choice after the table's selection changed to `keys` (all pages' keys: the table keeps
 * other pages' selection): the checkers known already keep their place, new ones are named from
 * `rows`, the records the table has seen.
 */
export const choiceFromKeys = (
  current: ReadonlyMap<number, ChosenChecker>,
  keys: readonly (number | string | bigint)[],
  rows: readonly (Pick<TCheckerRow, "id" | "deviceCode" | "alias"> | undefined)[],
): Map<number, ChosenChecker> => {
  const wanted = new Set(keys.map(Number));
  const next = new Map([...current].filter(([id]) => wanted.has(id)));
  for (const id of wanted) {
    if (next.has(id)) continue;
    const row = rows.find((r) => r?.id === id);
    next.set(id, { id, deviceCode: row?.deviceCode ?? String(id), alias: row?.alias ?? "" });
  }
  return next;
};
