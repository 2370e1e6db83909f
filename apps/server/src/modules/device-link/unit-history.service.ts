import {
  INDOOR_HISTORY_FIELDS,
  OUTDOOR_HISTORY_FIELDS,
  type TUnitHistory,
  UNIT_HISTORY_MAX_POINTS,
  type ZUnitHistoryRequest,
} from "@vrf/contract/devices/unit-history.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { z } from "zod";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { UnitHistoryRepository } from "./unit-history.repository.ts";

const DAY_MS = 86_400_000;
/** Below this, points are the device's own reports (it reports every 10-15 s). */
const MIN_BUCKET_SECONDS = 10;

/** Buckets wide enough that the span holds at most UNIT_HISTORY_MAX_POINTS of them, in round seconds. */
export const bucketSecondsFor = (spanMs: number): number =>
  Math.max(MIN_BUCKET_SECONDS, Math.ceil(spanMs / 1000 / UNIT_HISTORY_MAX_POINTS));

const round = (value: number): number => Math.round(value * 100) / 100;

export const createUnitHistoryService = (deps: { history: UnitHistoryRepository; clock: Clock }) => {
  const series = async (
    scope: Scope,
    kind: "indoor" | "outdoor",
    input: z.output<typeof ZUnitHistoryRequest>,
  ): Promise<TUnitHistory> => {
    if (kind === "outdoor" && input.address > 7) throw new AppError(Errors.parameterError);
    if (!(await deps.history.deviceInScope(scope.organisationIds, input.deviceId))) throw new AppError(Errors.notFound);
    const to = input.to ? new Date(input.to) : deps.clock.now();
    const from = input.from ? new Date(input.from) : new Date(to.getTime() - DAY_MS);
    const bucketSeconds = bucketSecondsFor(to.getTime() - from.getTime());
    const query = { ...input, from, to, bucketSeconds };
    const rows = kind === "indoor" ? await deps.history.indoor(query) : await deps.history.outdoor(query);
    return {
      from: from.toISOString(),
      to: to.toISOString(),
      bucketSeconds,
      fields: [...(kind === "indoor" ? INDOOR_HISTORY_FIELDS : OUTDOOR_HISTORY_FIELDS)],
      // Every telemetry column is NOT NULL, so a bucket that exists has every average.
      points: rows.map((r) => [new Date(r.t).getTime(), ...r.v.map((v) => round(Number(v)))]),
    };
  };
  return { series };
};

export type UnitHistoryService = ReturnType<typeof createUnitHistoryService>;
