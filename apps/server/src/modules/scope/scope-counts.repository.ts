import { type RawBuilder, sql } from "kysely";
import type { Db } from "../../db/open.ts";

/**
 * The same sum as `sums(...)[subject]` (less `minus`, when given) as a scalar subquery, for a page's
 * statement to carry its own total: one round trip instead of two. PostgreSQL runs an uncorrelated
 * subquery once per statement (an InitPlan), not per row.
 */
export const scopeCountSql = (organisationIds: number[], subject: string, minus?: string): RawBuilder<number> => {
  const ids = organisationIds.length > 0 ? organisationIds : [0];
  const subjects = minus ? [subject, minus] : [subject];
  return sql<number>`(select coalesce(sum(case when c.subject = ${subject} then c.n else -c.n end), 0)::int
    from scope_counts c where c.organisation_id in (${sql.join(ids)}) and c.subject in (${sql.join(subjects)}))`;
};

/**
 * Per-organisation totals kept by triggers (0006_list_counts). A list without filters shows its
 * exact total from here in one indexed read instead of counting a large table on every page.
 */
export const createScopeCountsRepository = (db: Db) => ({
  /** The sums over the organisations of each subject asked for; 0 for a subject with no rows. */
  async sums<S extends string>(organisationIds: number[], subjects: readonly S[]): Promise<Record<S, number>> {
    const result = Object.fromEntries(subjects.map((s) => [s, 0])) as Record<S, number>;
    if (organisationIds.length === 0 || subjects.length === 0) return result;
    const rows = await db
      .selectFrom("scope_counts")
      .where("organisation_id", "in", organisationIds)
      .where("subject", "in", subjects as readonly string[])
      .select(["subject", (eb) => eb.fn.sum<number>("n").as("n")])
      .groupBy("subject")
      .execute();
    for (const row of rows) result[row.subject as S] = Number(row.n);
    return result;
  },

  async sum(organisationIds: number[], subject: string): Promise<number> {
    return (await this.sums(organisationIds, [subject]))[subject] ?? 0;
  },
});

export type ScopeCountsRepository = ReturnType<typeof createScopeCountsRepository>;
