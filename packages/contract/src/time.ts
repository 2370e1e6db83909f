/**
 * SPEC section 9 time rules. The API speaks UTC; people see local time.
 */

const pad = (n: number) => String(n).padStart(2, "0");

/** 10-digit numbers are seconds, 13-digit ones milliseconds. */
export const toMillis = (value: number | string | Date): number => {
  if (value instanceof Date) return value.getTime();
  if (typeof value === "number") return value < 1e11 ? value * 1000 : value;
  if (/^\d+$/.test(value)) return toMillis(Number(value));
  return new Date(value).getTime();
};

/** `YYYY-MM-DD HH:mm:ss` in the viewer's local time (or a fixed offset in minutes east of UTC). */
export const formatDateTime = (value: number | string | Date | null | undefined, offsetMinutes?: number): string => {
  if (value === null || value === undefined || value === "") return "";
  const ms = toMillis(value);
  if (Number.isNaN(ms)) return "";
  const d = new Date(offsetMinutes === undefined ? ms : ms + offsetMinutes * 60_000);
  const get =
    offsetMinutes === undefined
      ? [d.getFullYear(), d.getMonth() + 1, d.getDate(), d.getHours(), d.getMinutes(), d.getSeconds()]
      : [
          d.getUTCFullYear(),
          d.getUTCMonth() + 1,
          d.getUTCDate(),
          d.getUTCHours(),
          d.getUTCMinutes(),
          d.getUTCSeconds(),
        ];
  const [y, mo, da, h, mi, s] = get as [number, number, number, number, number, number];
  return `${y}-${pad(mo)}-${pad(da)} ${pad(h)}:${pad(mi)}:${pad(s)}`;
};

export const formatDate = (value: number | string | Date | null | undefined, offsetMinutes?: number): string =>
  formatDateTime(value, offsetMinutes).slice(0, 10);

/** Announcements are published in UTC+8 wall-clock time; subtract 8 h to get UTC. */
export const ANNOUNCEMENT_OFFSET_MS = 28_800_000;
export const announcementTimeToUtc = (value: number | string): number => toMillis(value) - ANNOUNCEMENT_OFFSET_MS;

export type RelativeTime =
  | { kind: "justNow" }
  | { kind: "minutes"; count: number }
  | { kind: "hours"; count: number }
  | { kind: "oneDay" }
  | { kind: "date"; text: string };

/** Under 30 s "just now", under 1 h minutes, under 1 day hours, under 2 days "1 day ago", else a date. */
export const relativeTime = (value: number | string | Date, now: number = Date.now()): RelativeTime => {
  const diffSeconds = (now - toMillis(value)) / 1000;
  if (diffSeconds < 30) return { kind: "justNow" };
  if (diffSeconds < 3600) return { kind: "minutes", count: Math.max(1, Math.ceil(diffSeconds / 60)) };
  if (diffSeconds < 86400) return { kind: "hours", count: Math.ceil(diffSeconds / 3600) };
  if (diffSeconds < 172800) return { kind: "oneDay" };
  return { kind: "date", text: formatDateTime(value) };
};
