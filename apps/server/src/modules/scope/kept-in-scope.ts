import type { DataArea } from "../../db/data-changes.ts";
import type { KeptRule } from "../../plugins/kept-answers.ts";
import { scopeIdsOf } from "./scope.service.ts";

/** A Distributor Cloud answer kept per scope: valid until one of `areas` changes in the caller's organisations. */
export const keptInScope = (areas: readonly DataArea[], options: { timeStepMs?: number } = {}): KeptRule => ({
  areas,
  organisations: scopeIdsOf,
  ...options,
});

/** Answers that count "today" or "the last 30 days" move with the clock as well: kept within one minute. */
export const CLOCK_STEP_MS = 60_000;
