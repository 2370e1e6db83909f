import { LANGUAGES } from "@vrf/contract/constants.ts";
import { MENU_BY_AUTHORITY, type MenuSeed } from "@vrf/contract/menu-tree.ts";
import type { Db } from "../open.ts";
import { seedFaultCodes } from "./fault-codes.ts";
import { PRIVACY_AGREEMENT } from "./privacy-agreement.ts";
import { REGIONS, type RegionCentre } from "./regions.ts";

const centreColumns = ([latitude, longitude, zoom]: RegionCentre) => ({ latitude, longitude, zoom });

/**
 * Regions seeded before they had a centre (migration 0014) get the one this release knows; a
 * centre already there, set by an operator or by an earlier start, is left as it is.
 */
async function fillRegionCentres(trx: Db): Promise<void> {
  const missing = await trx.selectFrom("regions").where("latitude", "is", null).select("code").distinct().execute();
  if (missing.length === 0) return;
  const known = new Map(REGIONS.flatMap((country) => [country, ...country.cities]).map((r) => [r.code, r.centre]));
  for (const { code } of missing) {
    const centre = known.get(code);
    if (!centre) continue;
    await trx
      .updateTable("regions")
      .set(centreColumns(centre))
      .where("code", "=", code)
      .where("latitude", "is", null)
      .execute();
  }
}

/**
 * Data every installation needs (languages, regions, menus, the privacy
 * agreement). Written only into empty tables, so a start never overwrites
 * what an operator changed.
 */
export async function seedReferenceData(db: Db): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const hasLanguages = await trx.selectFrom("languages").select("id").limit(1).executeTakeFirst();
    if (!hasLanguages)
      await trx
        .insertInto("languages")
        .values(LANGUAGES.map((l) => ({ ...l })))
        .execute();

    const hasRegions = await trx.selectFrom("regions").select("id").limit(1).executeTakeFirst();
    if (!hasRegions) {
      const rows = REGIONS.flatMap((country, i) =>
        [0, 1].flatMap((languageId) => {
          const name = (r: { zh: string; en: string }) => (languageId === 0 ? r.zh : r.en);
          return [
            {
              language_id: languageId,
              code: country.code,
              parent_code: null,
              name: name(country),
              sort: i,
              ...centreColumns(country.centre),
            },
            ...country.cities.map((city, j) => ({
              language_id: languageId,
              code: city.code,
              parent_code: country.code,
              name: name(city),
              sort: j,
              ...centreColumns(city.centre),
            })),
          ];
        }),
      );
      await trx.insertInto("regions").values(rows).execute();
    } else {
      await fillRegionCentres(trx);
    }

    const hasMenus = await trx.selectFrom("menus").select("id").limit(1).executeTakeFirst();
    if (!hasMenus) {
      for (const [authority, tree] of Object.entries(MENU_BY_AUTHORITY)) {
        const insert = async (items: MenuSeed[], pid: number) => {
          for (const [sort, item] of items.entries()) {
            const row = await trx
              .insertInto("menus")
              .values({
                authority_num: Number(authority),
                pid,
                menu_name: item.name,
                url: item.name,
                icon: item.icon ?? null,
                sort,
              })
              .returning("id")
              .executeTakeFirstOrThrow();
            if (item.children) await insert(item.children, row.id);
          }
        };
        await insert(tree, 0);
      }
    }

    const hasAgreement = await trx.selectFrom("privacy_agreements").select("id").limit(1).executeTakeFirst();
    if (!hasAgreement) {
      await trx
        .insertInto("privacy_agreements")
        .values([
          { version: 1, language_id: 0, ...PRIVACY_AGREEMENT.zh },
          { version: 1, language_id: 1, ...PRIVACY_AGREEMENT.en },
        ])
        .execute();
    }

    await seedFaultCodes(trx);
  });
}
