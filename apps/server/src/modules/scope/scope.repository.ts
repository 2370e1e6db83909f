import { containsPattern } from "../../db/like.ts";
import type { Db } from "../../db/open.ts";

export const SUB_DISTRIBUTOR_ASSOCIATED = 2;

export const createScopeRepository = (db: Db) => ({
  /** Organisations associated under `parentId` right now (released or returned ones are not). */
  associatedChildren: async (parentId: number): Promise<number[]> => {
    const rows = await db
      .selectFrom("sub_distributor_links")
      .where("parent_organisation_id", "=", parentId)
      .where("status", "=", SUB_DISTRIBUTOR_ASSOCIATED)
      .select("child_organisation_id as id")
      .execute();
    return rows.map((r) => r.id);
  },

  organisationOptions: (ids: number[]) =>
    db.selectFrom("organisations").where("id", "in", ids).select(["id", "name"]).orderBy("name").execute(),

  projectOptions: (ids: number[], keyword: string | undefined, limit: number) => {
    let query = db
      .selectFrom("projects as p")
      .innerJoin("organisations as o", "o.id", "p.organisation_id")
      .where("p.organisation_id", "in", ids)
      .select(["p.id", "p.code", "p.name", "p.organisation_id as organisationId", "o.name as organisationName"])
      .orderBy("p.created_at", "desc")
      .limit(limit);
    if (keyword) {
      const like = containsPattern(keyword);
      query = query.where((eb) => eb.or([eb("p.name", "ilike", like), eb("p.code", "ilike", like)]));
    }
    return query.execute();
  },
});

export type ScopeRepository = ReturnType<typeof createScopeRepository>;
