/**
 * How a time range splits over the fault count buckets (0006_list_counts): the part covered by
 * whole buckets is read from the bucket table, the ragged ends from the fault rows themselves
 * (an index range of less than one bucket). Every bucket boundary is a multiple of its size since
 * 2000-01-01T00:00Z, which is what `date_bin` in the triggers uses.
 */
export interface TimeRange {
  from?: Date | undefined;
  to?: Date | undefined;
}

export interface BucketSplit {
  /** Whole buckets: [start, end), either side open when the range is. */
  buckets: TimeRange;
  /** The ragged ends, read from the rows. */
  raw: { from: Date | undefined; to: Date | undefined }[];
}

const ORIGIN = Date.UTC(2000, 0, 1);

const floorTo = (t: number, size: number) => ORIGIN + Math.floor((t - ORIGIN) / size) * size;
const ceilTo = (t: number, size: number) => ORIGIN + Math.ceil((t - ORIGIN) / size) * size;

/** Splits [from, to) into whole buckets of `sizeMs` and the ends outside them. */
export function splitRange(range: TimeRange, sizeMs: number): BucketSplit {
  const from = range.from?.getTime();
  const to = range.to?.getTime();
  const start = from === undefined ? undefined : ceilTo(from, sizeMs);
  const end = to === undefined ? undefined : floorTo(to, sizeMs);
  if (start !== undefined && end !== undefined && start >= end) {
    // No whole bucket inside: the range is read from the rows alone.
    return { buckets: { from: new Date(start), to: new Date(start) }, raw: [{ from: range.from, to: range.to }] };
  }
  const raw: BucketSplit["raw"] = [];
  if (from !== undefined && start !== undefined && start > from) raw.push({ from: range.from, to: new Date(start) });
  if (to !== undefined && end !== undefined && end < to) raw.push({ from: new Date(end), to: range.to });
  return {
    buckets: {
      from: start === undefined ? undefined : new Date(start),
      to: end === undefined ? undefined : new Date(end),
    },
    raw,
  };
}

export const QUARTER_MS = 15 * 60_000;
export const HOUR_MS = 60 * 60_000;
export const DAY_MS = 24 * HOUR_MS;

/**
 * Days, then hours, then rows: the per-code counts of a range read whole UTC days from the day
 * table, the whole hours left at either end from the hour table, and the minutes left from rows.
 */
export function splitByDayAndHour(range: TimeRange): { days: TimeRange; hours: TimeRange[]; raw: TimeRange[] } {
  const byDay = splitRange(range, DAY_MS);
  const hours: TimeRange[] = [];
  const raw: TimeRange[] = [];
  for (const end of byDay.raw) {
    const byHour = splitRange(end, HOUR_MS);
    if (!isEmpty(byHour.buckets)) hours.push(byHour.buckets);
    raw.push(...byHour.raw);
  }
  return { days: byDay.buckets, hours, raw };
}

export const isEmpty = (range: TimeRange): boolean =>
  range.from !== undefined && range.to !== undefined && range.from.getTime() >= range.to.getTime();
