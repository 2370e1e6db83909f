import { UNIT_HISTORY_MAX_DAYS } from "@vrf/contract/devices/unit-history.ts";

/** The range picker's presets, each reaching back from now. */
export const HISTORY_PRESETS = ["1h", "24h", "7d"] as const;
export type HistoryPreset = (typeof HISTORY_PRESETS)[number];

export type HistoryRange = { preset: HistoryPreset } | { preset: "custom"; from: number; to: number };

const HOUR_MS = 3_600_000;
const DAY_MS = 24 * HOUR_MS;
export const PRESET_SPAN_MS: Record<HistoryPreset, number> = { "1h": HOUR_MS, "24h": DAY_MS, "7d": 7 * DAY_MS };
export const MAX_CUSTOM_SPAN_MS = UNIT_HISTORY_MAX_DAYS * DAY_MS;

/** Start and end (epoch ms) of a range at `now`. */
export const rangeBounds = (range: HistoryRange, now: number): { from: number; to: number } =>
  range.preset === "custom"
    ? { from: range.from, to: range.to }
    : { from: now - PRESET_SPAN_MS[range.preset], to: now };

export type CustomRangeProblem = "order" | "tooLong" | "future";

/** Why the API would refuse a custom range (or why it would show nothing), or null when it is fine. */
export const customRangeProblem = (from: number, to: number, now: number): CustomRangeProblem | null => {
  if (!(from < to)) return "order";
  if (to - from > MAX_CUSTOM_SPAN_MS) return "tooLong";
  if (from > now) return "future";
  return null;
};

/**
 * Whether a day can be picked as the other end of a custom range whose first end is `picked`:
 * nothing after today, and nothing further than the longest span the API serves.
 */
export const isDayOutOfReach = (day: number, picked: number | null, now: number): boolean => {
  if (day > now) return true;
  if (picked === null) return false;
  return Math.abs(day - picked) > MAX_CUSTOM_SPAN_MS;
};
