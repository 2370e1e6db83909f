const DAY_MS = 86_400_000;

/** YYYY-MM-DD of an instant for a viewer `utcOffsetMinutes` east of UTC. */
export const localDayOf = (instant: Date, utcOffsetMinutes: number): string =>
  new Date(instant.getTime() + utcOffsetMinutes * 60_000).toISOString().slice(0, 10);

const addDays = (day: string, days: number): string =>
  new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);

/** The instant a viewer's local day starts. */
export const startOfLocalDay = (day: string, utcOffsetMinutes: number): Date =>
  new Date(Date.parse(`${day}T00:00:00Z`) - utcOffsetMinutes * 60_000);

/** The `days` local days ending with the one `now` falls on, oldest first. */
export const lastDays = (now: Date, days: number, utcOffsetMinutes: number): { first: string; last: string } => {
  const last = localDayOf(now, utcOffsetMinutes);
  return { first: addDays(last, -(days - 1)), last };
};

/**
 * Every day from `first` to `last` with the counts SQL found for it, zero for
 * the others, so a chart's axis has no holes. At most `maxDays` days (the latest ones).
 */
export const fillDays = <T extends { day: string }>(
  counts: readonly T[],
  first: string,
  last: string,
  zero: Omit<T, "day">,
  maxDays = 400,
): T[] => {
  if (first > last) return [];
  const byDay = new Map(counts.map((c) => [c.day, c]));
  const days: T[] = [];
  for (let day = last; day >= first && days.length < maxDays; day = addDays(day, -1)) {
    days.push(byDay.get(day) ?? ({ ...zero, day } as T));
  }
  return days.reverse();
};
