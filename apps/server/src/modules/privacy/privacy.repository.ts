import type { Db } from "../../db/open.ts";

export const createPrivacyRepository = (db: Db) => ({
  latest: (languageId: number) =>
    db
      .selectFrom("privacy_agreements")
      .where("language_id", "=", languageId)
      .orderBy("version", "desc")
      .select(["version", "title", "content", "published_at as publishedAt"])
      .executeTakeFirst(),

  currentVersion: async (): Promise<number | null> => {
    const row = await db
      .selectFrom("privacy_agreements")
      .select((eb) => eb.fn.max("version").as("version"))
      .executeTakeFirst();
    return row?.version ?? null;
  },
});

export type PrivacyRepository = ReturnType<typeof createPrivacyRepository>;
