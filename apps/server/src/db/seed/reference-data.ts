import { LANGUAGES } from "@vrf/contract/constants.ts";
import { MENU_BY_AUTHORITY, type MenuSeed } from "@vrf/contract/menu-tree.ts";
import type { Db } from "../open.ts";
import { seedFaultCodes } from "./fault-codes.ts";
import { PRIVACY_AGREEMENT } from "./privacy-agreement.ts";
import { REGIONS } from "./regions.ts";

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
            { language_id: languageId, code: country.code, parent_code: null, name: name(country), sort: i },
            ...country.cities.map((city, j) => ({
              language_id: languageId,
              code: city.code,
              parent_code: country.code,
              name: name(city),
              sort: j,
            })),
          ];
        }),
      );
      await trx.insertInto("regions").values(rows).execute();
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
