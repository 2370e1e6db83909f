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
      .select(["code", "parent_code as parentCode", "name", "latitude", "longitude", "zoom"])
      .execute();
    type Row = (typeof rows)[number];
    const region = (r: Row): TRegion => ({
      code: r.code,
      name: r.name,
      ...(r.latitude !== null && r.longitude !== null && r.zoom !== null
        ? { centre: { latitude: r.latitude, longitude: r.longitude, zoom: r.zoom } }
        : {}),
    });
    const countries = rows.filter((r) => r.parentCode === null);
    return countries.map((c) => ({
      ...region(c),
      children: rows.filter((r) => r.parentCode === c.code).map(region),
    }));
  },
});

export type LanguageRepository = ReturnType<typeof createLanguageRepository>;
