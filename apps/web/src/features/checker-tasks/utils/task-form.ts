import { errorByCode } from "@vrf/contract/errors.ts";
import { TASK_MAX_DAYS, type TCreateTaskRequest, type TTaskKind } from "@vrf/contract/hi-checker/tasks.ts";
import { inRange, RANGES } from "@vrf/contract/rules.ts";
import type { Dayjs } from "dayjs";

export interface TaskFormValues {
  deviceId: number | null;
  name: string;
  kind: TTaskKind;
  intervalS: number | null;
  endAt: Dayjs | null;
  notes: string;
}

/** SPEC section 5: a capture every 60 to 3600 s, a collection every 1 to 86400 s. */
export const intervalRange = (kind: TTaskKind): { min: number; max: number } =>
  kind === "capture" ? RANGES.captureIntervalSeconds : RANGES.collectionIntervalSeconds;

/** The catalogue's text (errors namespace) of an interval out of the kind's range, as the server names it. */
export const INTERVAL_ERROR_KEY: Record<TTaskKind, "captureInterval" | "collectionInterval"> = {
  capture: "captureInterval",
  collection: "collectionInterval",
};

export const DEFAULT_INTERVAL: Record<TTaskKind, number> = { capture: 60, collection: 300 };

export const isIntervalAllowed = (kind: TTaskKind, seconds: number): boolean => inRange(seconds, intervalRange(kind));

/**
 * The interval once the kind changes: the new kind's default when the field held the old kind's
 * default or nothing (the user had not chosen one), else what the user typed, to be checked
 * against the new kind's range.
 */
export const intervalAfterKindChange = (previous: TTaskKind, next: TTaskKind, current: number | null): number | null =>
  current === null || current === DEFAULT_INTERVAL[previous] ? DEFAULT_INTERVAL[next] : current;

export const emptyTaskForm = (deviceId: number | null): TaskFormValues => ({
  deviceId,
  name: "",
  kind: "capture",
  intervalS: DEFAULT_INTERVAL.capture,
  endAt: null,
  notes: "",
});

const DAY_MS = 86_400_000;

/** The latest end time a task may have when created at `now` (TASK_MAX_DAYS ahead). */
export const latestEndAt = (now: number): number => now + TASK_MAX_DAYS * DAY_MS;

/** Why an end time (epoch ms) cannot be used at `now`: missing, not later than now, or too far ahead. */
export const endAtProblem = (endAt: number | null, now: number): "required" | "notLater" | "tooLong" | null => {
  if (endAt === null) return "required";
  if (endAt <= now) return "notLater";
  if (endAt > latestEndAt(now)) return "tooLong";
  return null;
};

/** The end time as the server takes it: epoch ms, on a whole minute (the picker shows minutes). */
export const endAtMillis = (endAt: Dayjs): number => endAt.second(0).millisecond(0).valueOf();

/** What the form sends: trimmed text, the end time as epoch ms. Call after the form's rules passed. */
export const toCreateRequest = (values: TaskFormValues): TCreateTaskRequest => ({
  deviceId: values.deviceId as number,
  name: values.name.trim(),
  kind: values.kind,
  intervalS: values.intervalS as number,
  endAt: endAtMillis(values.endAt as Dayjs),
  notes: values.notes.trim(),
});

/**
 * Whether leaving would lose something the user entered: a name, notes, an end time, another
 * kind or interval. Choosing a checker alone is not worth a question.
 */
export const hasTaskEdits = (values: Partial<TaskFormValues>): boolean => {
  const kind = values.kind ?? "capture";
  return Boolean(
    (values.name ?? "").trim() ||
      (values.notes ?? "").trim() ||
      values.endAt ||
      kind !== "capture" ||
      (values.intervalS ?? null) !== DEFAULT_INTERVAL[kind],
  );
};

/** Server refusals that are about one field, by catalogue key; the rest go in the alert. */
const FIELD_OF_ERROR: Readonly<Record<string, keyof TaskFormValues>> = {
  captureInterval: "intervalS",
  collectionInterval: "intervalS",
  taskEndNotLater: "endAt",
  taskTooLong: "endAt",
  checkerBusy: "deviceId",
  deviceOffline: "deviceId",
  notFound: "deviceId",
};

export const fieldOfServerError = (errorCode: number): keyof TaskFormValues | null => {
  const key = errorByCode(errorCode)?.key;
  return key !== undefined ? (FIELD_OF_ERROR[key] ?? null) : null;
};
