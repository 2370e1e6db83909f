import type { TRegion } from "@vrf/contract/basic/language.ts";
import type { Db } from "../../db/open.ts";

export const createLanguageRepository = (db: Db) => ({
  list: () => db.selectFrom("languages").orderBy("id").select(["id", "code", "name"]).execute(),

  /** Countries with their cities, in the given language. */
  async regions(languageId: number): Promise<TRegion[]> {
    const rows = await db
      .selectFrom("regions")
      .where("language_id", "=", languageId)
      .orderBy("sort")
      .orderBy("code")
      .select(["code", "parent_code as parentCode", "name"])
      .execute();
    const countries = rows.filter((r) => r.parentCode === null);
    return countries.map((c) => ({
      code: c.code,
      name: c.name,
      children: rows.filter((r) => r.parentCode === c.code).map((r) => ({ code: r.code, name: r.name })),
    }));
  },
});

export type LanguageRepository = ReturnType<typeof createLanguageRepository>;
