import type { TProfileInput } from "@vrf/contract/account/profile.ts";
import type { Db } from "../../db/open.ts";

type ProfileFields = Required<Omit<TProfileInput, never>>;

export interface ProfileRow extends ProfileFields {
  accountId: number;
  updatedAt: Date;
}

const columns = (p: ProfileFields, now: Date) => ({
  first_name: p.firstName,
  surname: p.surname,
  phone: p.phone,
  language_id: p.languageId,
  street: p.street,
  house_number: p.houseNumber,
  city: p.city,
  country: p.country,
  zip: p.zip,
  updated_at: now,
});

export const createProfileRepository = (db: Db) => ({
  find: (accountId: number): Promise<ProfileRow | undefined> =>
    db
      .selectFrom("profiles")
      .where("account_id", "=", accountId)
      .select([
        "account_id as accountId",
        "first_name as firstName",
        "surname",
        "phone",
        "language_id as languageId",
        "street",
        "house_number as houseNumber",
        "city",
        "country",
        "zip",
        "updated_at as updatedAt",
      ])
      .executeTakeFirst(),

  /** Inserts unless one exists; false when it already did (so two racing adds cannot both win). */
  async insert(accountId: number, profile: ProfileFields, now: Date): Promise<boolean> {
    const result = await db
      .insertInto("profiles")
      .values({ account_id: accountId, ...columns(profile, now) })
      .onConflict((oc) => oc.column("account_id").doNothing())
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0) === 1;
  },

  async update(accountId: number, profile: ProfileFields, now: Date): Promise<boolean> {
    const result = await db
      .updateTable("profiles")
      .set(columns(profile, now))
      .where("account_id", "=", accountId)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});

export type ProfileRepository = ReturnType<typeof createProfileRepository>;
