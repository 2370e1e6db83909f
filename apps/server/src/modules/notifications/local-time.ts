/** Wall-clock readings of an instant in an IANA time zone, for mails and the daily schedule. */
export interface LocalTime {
  /** YYYY-MM-DD */
  date: string;
  hour: number;
  /** YYYY-MM-DD HH:mm */
  text: string;
}

const formatters = new Map<string, Intl.DateTimeFormat>();

const formatterOf = (timeZone: string): Intl.DateTimeFormat => {
  let formatter = formatters.get(timeZone);
  if (!formatter) {
    formatter = new Intl.DateTimeFormat("en-US", {
      timeZone,
      year: "numeric",
      month: "2-digit",
      day: "2-digit",
      hour: "2-digit",
      minute: "2-digit",
      hourCycle: "h23",
    });
    formatters.set(timeZone, formatter);
  }
  return formatter;
};

/** Throws a RangeError for a zone the runtime does not know. */
export const localTime = (instant: Date, timeZone: string): LocalTime => {
  const parts = Object.fromEntries(
    formatterOf(timeZone)
      .formatToParts(instant)
      .map((p) => [p.type, p.value]),
  ) as Record<string, string>;
  const date = `${parts.year}-${parts.month}-${parts.day}`;
  const hour = Number(parts.hour);
  return { date, hour, text: `${date} ${String(hour).padStart(2, "0")}:${parts.minute}` };
};

/** The reader's zone when it is usable, else UTC (a mail must never fail on a stale setting). */
export const safeLocalTime = (instant: Date, timeZone: string | null | undefined): LocalTime & { zone: string } => {
  if (timeZone) {
    try {
      return { ...localTime(instant, timeZone), zone: timeZone };
    } catch {
      // Unknown zone: fall through to UTC.
    }
  }
  return { ...localTime(instant, "UTC"), zone: "UTC" };
};
