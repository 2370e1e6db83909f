import dayjs from "dayjs";

/** A day range as list filters keep it: 'YYYY-MM-DD' strings, either end open (null). */
export interface DayRange {
  fromDate: string | null;
  toDate: string | null;
}

/**
 * The days as a list endpoint reads them. Days are the viewer's: the range runs from the start
 * of the first day to the start of the day after the last, in local time, so the last day counts.
 */
export const dayRangeRequest = (range: DayRange): { from?: string; to?: string } => ({
  ...(range.fromDate ? { from: dayjs(range.fromDate).startOf("day").toISOString() } : {}),
  ...(range.toDate ? { to: dayjs(range.toDate).add(1, "day").startOf("day").toISOString() } : {}),
});

/** A day read from the address bar: kept only when it is a real 'YYYY-MM-DD' date. */
export const dayFromAddress = (value: string | null): string | null =>
  value && /^\d{4}-\d{2}-\d{2}$/.test(value) && dayjs(value).format("YYYY-MM-DD") === value ? value : null;
