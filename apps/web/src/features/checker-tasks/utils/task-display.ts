import type { TCheckerTask, TTaskStatus } from "@vrf/contract/hi-checker/tasks.ts";
import { formatNumber } from "@vrf/contract/number.ts";

/** Tag colours: on their way (blue, orange), under way (green), ended well, by hand or badly. */
export const TASK_STATUS_COLOURS: Record<TTaskStatus, string> = {
  starting: "blue",
  running: "green",
  stopping: "orange",
  finished: "cyan",
  stopped: "default",
  failed: "red",
};

/** A task waiting for its checker's answer to a start or stop. */
export const isTaskInTransit = (status: TTaskStatus): boolean => status === "starting" || status === "stopping";

/** Starting and running tasks can be stopped; a stopping one already is being stopped. */
export const isStoppable = (status: TTaskStatus): boolean => status === "starting" || status === "running";

/** Checker state colours, as the checker pages show them. */
const CHECKER_STATUS_COLOURS: Record<string, string> = {
  online: "success",
  offline: "default",
  standby: "gold",
  grabbing: "processing",
  collecting: "cyan",
  other: "purple",
};
export const checkerStatusColour = (status: string): string => CHECKER_STATUS_COLOURS[status] ?? "default";

/**
 * How much of a task's time has passed, 0-100: from when its checker accepted it to its end
 * time, rounded down so 100 means the end time came. Null before the checker accepted it.
 */
export const elapsedPercent = (startedAt: string | null, endAt: string, now: number): number | null => {
  if (startedAt === null) return null;
  const start = Date.parse(startedAt);
  const end = Date.parse(endAt);
  if (Number.isNaN(start) || Number.isNaN(end)) return null;
  if (end <= start) return 100;
  return Math.min(100, Math.max(0, Math.floor(((now - start) / (end - start)) * 100)));
};

export type ByteUnit = "b" | "kb" | "mb" | "gb" | "tb";
const BYTE_UNITS: Partial<Record<string, ByteUnit>> = { k: "kb", M: "mb", G: "gb", T: "tb" };

/**
 * Bytes in SPEC section 9's k/M/G units, stepping by 1024: 512 -> 512 B, 1536 -> 1.5 KB,
 * 5 * 1024 ** 2 -> 5 MB. Beyond terabytes it stays in TB.
 */
export const byteAmount = (bytes: number): { value: string; unit: ByteUnit } => {
  if (!(bytes >= 1024)) return { value: String(Math.max(0, Math.round(bytes || 0))), unit: "b" };
  const text = formatNumber(bytes, 1, 1024);
  const unit = BYTE_UNITS[text.slice(-1)];
  if (unit) return { value: text.slice(0, -1), unit };
  return { value: (bytes / 1024 ** 4).toFixed(1).replace(/\.0$/, ""), unit: "tb" };
};

export type DurationUnit = "d" | "h" | "min" | "s";
const DURATION_UNITS: readonly [DurationUnit, number][] = [
  ["d", 86_400],
  ["h", 3_600],
  ["min", 60],
  ["s", 1],
];

/**
 * A length of time in its largest unit and, when not zero, the next one: 90 s -> 1 min 30 s,
 * 3600 s -> 1 h, 2 d 3 h 5 min -> 2 d 3 h. Used for intervals and for how long a task ran.
 */
export const durationParts = (seconds: number): { unit: DurationUnit; count: number }[] => {
  let rest = Math.max(0, Math.round(seconds));
  const counts = DURATION_UNITS.map(([unit, size]) => {
    const count = Math.floor(rest / size);
    rest -= count * size;
    return { unit, count };
  });
  const first = counts.findIndex((part) => part.count > 0);
  if (first === -1) return [{ unit: "s", count: 0 }];
  const next = counts[first + 1];
  return [counts[first] as { unit: DurationUnit; count: number }, ...(next && next.count > 0 ? [next] : [])];
};

/** How long an ended task ran, in seconds: from its start to its end; null when it never started. */
export const ranSeconds = (task: Pick<TCheckerTask, "startedAt" | "endedAt">): number | null => {
  if (task.startedAt === null || task.endedAt === null) return null;
  const ms = Date.parse(task.endedAt) - Date.parse(task.startedAt);
  return Number.isNaN(ms) ? null : Math.max(0, ms / 1000);
};

/** What a task gathered: bus frames for a capture, unit-data reports for a collection. */
export const gatheredOf = (
  task: Pick<TCheckerTask, "kind" | "frameCount" | "snapshotCount">,
): { key: "frames" | "reports"; count: number } =>
  task.kind === "capture" ? { key: "frames", count: task.frameCount } : { key: "reports", count: task.snapshotCount };

/**
 * What an empty page of a task's frames or readings means: nothing matches the filters, the task
 * never started, the checker has yet to start it, it is under way and nothing came yet, or it
 * ended without gathering anything (of this unit).
 */
export type GatheredEmpty = "noMatch" | "neverStarted" | "waiting" | "running" | "none";

export const gatheredEmpty = (task: Pick<TCheckerTask, "status" | "startedAt">, filtered: boolean): GatheredEmpty => {
  if (filtered) return "noMatch";
  if (task.status === "failed") return "neverStarted";
  if (task.startedAt === null) return "waiting";
  if (task.status === "running" || task.status === "stopping" || task.status === "starting") return "running";
  return "none";
};
