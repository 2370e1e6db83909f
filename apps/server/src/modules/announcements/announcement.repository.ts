import { sql } from "kysely";
import type { Db } from "../../db/open.ts";

export const createAnnouncementRepository = (db: Db) => ({
  /** Announcements live at `nowWallMs` (UTC+8 wall-clock ms, the publishers' clock) for a module. */
  active: (accountId: number, authorityNum: number, nowWallMs: number) =>
    db
      .selectFrom("announcements as a")
      .leftJoin("announcement_reads as r", (join) =>
        join.onRef("r.announcement_id", "=", "a.id").on("r.account_id", "=", accountId),
      )
      .where("a.start_time", "<=", String(nowWallMs))
      .where((eb) => eb.or([eb("a.end_time", "is", null), eb("a.end_time", ">", String(nowWallMs))]))
      .where((eb) => eb.or([eb("a.authority_num", "is", null), eb("a.authority_num", "=", authorityNum)]))
      .orderBy("a.start_time", "desc")
      .limit(50)
      .select([
        "a.id",
        "a.format_id as formatId",
        "a.start_time as startTime",
        "a.content",
        sql<boolean>`r.account_id IS NOT NULL`.as("read"),
      ])
      .execute(),

  async markRead(accountId: number, ids: number[], now: Date) {
    const known = await db.selectFrom("announcements").where("id", "in", ids).select("id").execute();
    if (known.length === 0) return;
    await db
      .insertInto("announcement_reads")
      .values(known.map((k) => ({ announcement_id: k.id, account_id: accountId, read_at: now })))
      .onConflict((oc) => oc.columns(["announcement_id", "account_id"]).doNothing())
      .execute();
  },
});

export type AnnouncementRepository = ReturnType<typeof createAnnouncementRepository>;
