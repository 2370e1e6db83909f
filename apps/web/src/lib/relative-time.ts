import { relativeTime } from "@vrf/contract/time.ts";
import type { TFunction } from "i18next";
import { useEffect, useState } from "react";

/** SPEC section 9's relative time in words ("just now", "5 min ago", ..., then the date). */
export const relativeTimeText = (t: TFunction, value: number | string | Date, now: number = Date.now()): string => {
  const relative = relativeTime(value, now);
  switch (relative.kind) {
    case "justNow":
      return t("common:time.justNow");
    case "minutes":
      return t("common:time.minutesAgo", { count: relative.count });
    case "hours":
      return t("common:time.hoursAgo", { count: relative.count });
    case "oneDay":
      return t("common:time.oneDayAgo");
    case "date":
      return relative.text;
  }
};

/** The time now, renewed every `intervalMs`, so relative times on screen move on by themselves. */
export const useNow = (intervalMs = 30_000): number => {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), intervalMs);
    return () => clearInterval(timer);
  }, [intervalMs]);
  return now;
};
