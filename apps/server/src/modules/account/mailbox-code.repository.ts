import type { Db } from "../../db/open.ts";

export interface MailboxCodeRow {
  id: number;
  codeHash: string;
  attempts: number;
  createdAt: Date;
  expiresAt: Date;
  usedAt: Date | null;
}

export const createMailboxCodeRepository = (db: Db) => ({
  async insert(email: string, type: number, codeHash: string, now: Date, expiresAt: Date) {
    await db
      .insertInto("mailbox_codes")
      .values({ email, type, code_hash: codeHash, created_at: now, expires_at: expiresAt })
      .execute();
  },

  /** Codes sent to an address since `since`, newest first (any type: the limits are per address). */
  recentFor: (email: string, since: Date): Promise<{ createdAt: Date }[]> =>
    db
      .selectFrom("mailbox_codes")
      .where("email", "=", email)
      .where("created_at", ">=", since)
      .orderBy("created_at", "desc")
      .select(["created_at as createdAt"])
      .execute(),

  latest: (email: string, type: number): Promise<MailboxCodeRow | undefined> =>
    db
      .selectFrom("mailbox_codes")
      .where("email", "=", email)
      .where("type", "=", type)
      .orderBy("created_at", "desc")
      .orderBy("id", "desc")
      .select([
        "id",
        "code_hash as codeHash",
        "attempts",
        "created_at as createdAt",
        "expires_at as expiresAt",
        "used_at as usedAt",
      ])
      .executeTakeFirst(),

  /**
   * Spends one try of a live code before it is compared, in one statement, so
   * parallel guesses cannot all read the same count: no more than `max` are
   * ever let through. False when the code is used, expired or out of tries.
   */
  async reserveAttempt(id: number, now: Date, max: number): Promise<boolean> {
    const result = await db
      .updateTable("mailbox_codes")
      .set((eb) => ({ attempts: eb("attempts", "+", 1) }))
      .where("id", "=", id)
      .where("used_at", "is", null)
      .where("expires_at", ">", now)
      .where("attempts", "<", max)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /** Gives a try back: the right code is not a wrong guess, so reading it again on the next step is allowed. */
  async refundAttempt(id: number) {
    await db
      .updateTable("mailbox_codes")
      .set((eb) => ({ attempts: eb("attempts", "-", 1) }))
      .where("id", "=", id)
      .where("attempts", ">", 0)
      .execute();
  },

  /** Marks the code used; false when another request used it first. */
  async consume(trx: Db, id: number, now: Date): Promise<boolean> {
    const result = await trx
      .updateTable("mailbox_codes")
      .set({ used_at: now })
      .where("id", "=", id)
      .where("used_at", "is", null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});

export type MailboxCodeRepository = ReturnType<typeof createMailboxCodeRepository>;
