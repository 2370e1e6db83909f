import type { Db } from "../../db/open.ts";

export const createLoginLogRepository = (db: Db) => ({
  async record(entry: {
    accountId: number;
    event: string;
    authorityNum: number | null;
    ip?: string;
    userAgent?: string;
  }) {
    await db
      .insertInto("login_logs")
      .values({
        account_id: entry.accountId,
        event: entry.event,
        authority_num: entry.authorityNum,
        ip: entry.ip ?? null,
        user_agent: entry.userAgent?.slice(0, 300) ?? null,
      })
      .execute();
  },
});

export type LoginLogRepository = ReturnType<typeof createLoginLogRepository>;
