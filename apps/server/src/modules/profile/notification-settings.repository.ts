import type { TNotificationSettings } from "@vrf/contract/account/notification-settings.ts";
import type { Db } from "../../db/open.ts";

export const createNotificationSettingsRepository = (db: Db) => ({
  find: (accountId: number): Promise<TNotificationSettings | undefined> =>
    db
      .selectFrom("notification_settings")
      .where("account_id", "=", accountId)
      .select(["repair_info as repairInfo", "daily_fault_report as dailyFaultReport", "hour", "email", "timezone"])
      .executeTakeFirst(),

  async upsert(accountId: number, s: TNotificationSettings, now: Date) {
    const values = {
      repair_info: s.repairInfo,
      daily_fault_report: s.dailyFaultReport,
      hour: s.hour,
      email: s.email,
      timezone: s.timezone,
      updated_at: now,
    };
    await db
      .insertInto("notification_settings")
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column("account_id").doUpdateSet(values))
      .execute();
  },
});

export type NotificationSettingsRepository = ReturnType<typeof createNotificationSettingsRepository>;
