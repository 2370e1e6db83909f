import type { TNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import { RANGES } from "@vrf/contract/rules.ts";

export interface NotificationFormValues {
  repairInfo: boolean;
  dailyFaultReport: boolean;
  hour: number;
  email: string;
}

/** 0..23 from the contract's range, labelled as a clock time. */
export const HOUR_OPTIONS = Array.from(
  { length: RANGES.notificationHour.max - RANGES.notificationHour.min + 1 },
  (_, i) => RANGES.notificationHour.min + i,
).map((hour) => ({ value: hour, label: `${String(hour).padStart(2, "0")}:00` }));

export const toFormValues = (settings: TNotificationSettings): NotificationFormValues => ({
  repairInfo: settings.repairInfo,
  dailyFaultReport: settings.dailyFaultReport,
  hour: settings.hour,
  email: settings.email,
});

/** The hour is read in the browser's zone, so the zone is saved with every change. */
export const toRequest = (values: NotificationFormValues, timezone: string): TNotificationSettings => ({
  repairInfo: values.repairInfo,
  dailyFaultReport: values.dailyFaultReport,
  hour: values.hour,
  email: values.email.trim().toLowerCase(),
  timezone,
});

export const browserTimezone = (): string => {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || "UTC";
  } catch {
    return "UTC";
  }
};

/** The daily report needs somewhere to go; repair notices may use the account address. */
export const emailRequired = (values: Pick<NotificationFormValues, "dailyFaultReport">): boolean =>
  values.dailyFaultReport;
