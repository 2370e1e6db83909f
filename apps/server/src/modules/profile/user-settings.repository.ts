import type { TUserSettings } from "@vrf/contract/account/user-settings.ts";
import type { Db } from "../../db/open.ts";

export const createUserSettingsRepository = (db: Db) => ({
  find: (accountId: number): Promise<TUserSettings | undefined> =>
    db
      .selectFrom("user_settings")
      .where("account_id", "=", accountId)
      .select([
        "theme_color as themeColor",
        "size",
        "tags_view as tagsView",
        "fixed_header as fixedHeader",
        "sidebar_logo as sidebarLogo",
      ])
      .executeTakeFirst(),

  async upsert(accountId: number, s: TUserSettings, now: Date): Promise<void> {
    const values = {
      theme_color: s.themeColor,
      size: s.size,
      tags_view: s.tagsView,
      fixed_header: s.fixedHeader,
      sidebar_logo: s.sidebarLogo,
      updated_at: now,
    };
    await db
      .insertInto("user_settings")
      .values({ account_id: accountId, ...values })
      .onConflict((oc) => oc.column("account_id").doUpdateSet(values))
      .execute();
  },
});

export type UserSettingsRepository = ReturnType<typeof createUserSettingsRepository>;
