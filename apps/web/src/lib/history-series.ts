import type { TUnitHistory } from "@vrf/contract/devices/unit-history.ts";

/** A chart point: time (ms) and value, or null to break the line. */
export type HistoryPoint = [number, number | null];

/**
 * One field's points of a unit history as [time, value], read by the field's name in `fields`
 * (not its position), each value times `scale`. Where reports stop for longer than three buckets
 * (the device was offline, the checker lost the bus), a null breaks the line instead of drawing a
 * straight one across the gap. The devices feature's history charts and a task's unit charts both
 * draw with it.
 */
export const historySeries = (history: TUnitHistory, field: string, scale = 1): HistoryPoint[] => {
  const column = history.fields.indexOf(field);
  if (column < 0) return [];
  const gapMs = history.bucketSeconds * 1000 * 3;
  const points: HistoryPoint[] = [];
  let previous: number | null = null;
  for (const row of history.points) {
    const time = row[0];
    const value = row[column + 1];
    if (time === undefined || value === undefined) continue;
    if (previous !== null && time - previous > gapMs) points.push([previous + 1, null]);
    points.push([time, value * scale]);
    previous = time;
  }
  return points;
};
