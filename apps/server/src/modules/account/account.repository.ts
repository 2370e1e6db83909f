import { sql } from "kysely";
import type { Db } from "../../db/open.ts";

export interface AccountRow {
  id: number;
  email: string;
  passwordHash: string;
  name: string;
  organisationId: number;
  authorities: string;
  roleNum: number;
  languageId: number;
  rememberSelect: number;
  selectMode: number | null;
  privacyVersion: number | null;
  failedLogins: number;
  failedWindowStart: Date | null;
  lockedUntil: Date | null;
  /** The account's role in its organisation's team. */
  teamRole: "admin" | "member";
}

export const createAccountRepository = (db: Db) => {
  const base = () =>
    db
      .selectFrom("accounts")
      .select([
        "id",
        "email",
        "password_hash as passwordHash",
        "name",
        "organisation_id as organisationId",
        "authorities",
        "role_num as roleNum",
        "language_id as languageId",
        "remember_select as rememberSelect",
        "select_mode as selectMode",
        "privacy_version as privacyVersion",
        "failed_logins as failedLogins",
        "failed_window_start as failedWindowStart",
        "locked_until as lockedUntil",
        "team_role as teamRole",
      ]);

  return {
    findById: (id: number): Promise<AccountRow | undefined> => base().where("id", "=", id).executeTakeFirst(),
    findByEmail: (email: string): Promise<AccountRow | undefined> =>
      base().where("email", "=", email).executeTakeFirst(),

    /** A self-registered account is the first user of its own distributor organisation. */
    async createWithOrganisation(
      trx: Db,
      input: {
        email: string;
        passwordHash: string;
        name: string;
        organisationName: string;
        authorities: string;
        languageId: number;
      },
    ): Promise<number> {
      const org = await trx
        .insertInto("organisations")
        .values({ name: input.organisationName })
        .returning("id")
        .executeTakeFirstOrThrow();
      const account = await trx
        .insertInto("accounts")
        .values({
          email: input.email,
          password_hash: input.passwordHash,
          name: input.name,
          organisation_id: org.id,
          authorities: input.authorities,
          role_num: 1,
          language_id: input.languageId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return account.id;
    },

    /** An invited sign-up: an account of an existing organisation, with what the invitation granted. */
    async createInOrganisation(
      trx: Db,
      input: {
        email: string;
        passwordHash: string;
        name: string;
        organisationId: number;
        authorities: string;
        teamRole: "admin" | "member";
        roleNum: number;
        languageId: number;
      },
    ): Promise<number> {
      const account = await trx
        .insertInto("accounts")
        .values({
          email: input.email,
          password_hash: input.passwordHash,
          name: input.name,
          organisation_id: input.organisationId,
          authorities: input.authorities,
          team_role: input.teamRole,
          role_num: input.roleNum,
          language_id: input.languageId,
        })
        .returning("id")
        .executeTakeFirstOrThrow();
      return account.id;
    },

    async setPassword(trx: Db, id: number, passwordHash: string): Promise<void> {
      await trx
        .updateTable("accounts")
        .set({ password_hash: passwordHash, failed_logins: 0, failed_window_start: null, locked_until: null })
        .where("id", "=", id)
        .execute();
    },

    /**
     * Takes one sign-in attempt from the account's budget before the password is
     * checked, in one statement: concurrent attempts queue on the row lock and
     * each re-reads the count, so no more than `max` are ever let through per
     * window. Null when the budget is spent or the account is locked.
     */
    async reserveLoginAttempt(id: number, now: Date, windowStart: Date, max: number): Promise<number | null> {
      const row = await db
        .updateTable("accounts")
        .set({
          failed_logins: sql<number>`CASE WHEN failed_window_start > ${windowStart} THEN failed_logins + 1 ELSE 1 END`,
          failed_window_start: sql<Date>`CASE WHEN failed_window_start > ${windowStart} THEN failed_window_start ELSE ${now}::timestamptz END`,
        })
        .where("id", "=", id)
        .where((eb) => eb.or([eb("locked_until", "is", null), eb("locked_until", "<=", now)]))
        .where((eb) =>
          eb.or([
            eb("failed_window_start", "is", null),
            eb("failed_window_start", "<=", windowStart),
            eb("failed_logins", "<", max),
          ]),
        )
        .returning("failed_logins")
        .executeTakeFirst();
      return row ? row.failed_logins : null;
    },

    async lock(id: number, until: Date) {
      await db.updateTable("accounts").set({ locked_until: until }).where("id", "=", id).execute();
    },

    async clearFailedLogins(id: number) {
      await db
        .updateTable("accounts")
        .set({ failed_logins: 0, failed_window_start: null, locked_until: null })
        .where("id", "=", id)
        .execute();
    },

    async setLanguage(id: number, languageId: number) {
      await db.updateTable("accounts").set({ language_id: languageId }).where("id", "=", id).execute();
    },

    async setRemember(id: number, rememberSelect: number, selectMode: number | null) {
      await db
        .updateTable("accounts")
        .set({ remember_select: rememberSelect, select_mode: selectMode })
        .where("id", "=", id)
        .execute();
    },

    async setPrivacyVersion(id: number, version: number) {
      await db.updateTable("accounts").set({ privacy_version: version }).where("id", "=", id).execute();
    },
  };
};

export type AccountRepository = ReturnType<typeof createAccountRepository>;
