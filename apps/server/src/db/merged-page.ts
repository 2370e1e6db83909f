import { type Expression, sql } from "kysely";
import type { Db } from "./open.ts";
import { pageBound } from "./page-bound.ts";

/**
 * The ids of one page of a list that spans several organisations (a distributor and its
 * sub-distributors), newest first or in any order an index gives. `IN (a, b)` on an index's first
 * column reads every row of both and sorts them; instead each organisation's branch reads its own
 * first `offset + limit` rows off the index, already in order, and only those are merged. Each
 * branch selects `id` and the sort column as `sort_key`, ordered and limited the same way.
 */
export const mergedPageIds = (
  db: Db,
  branches: Expression<unknown>[],
  order: { direction: "asc" | "desc"; nulls?: "first" | "last" },
  page: { limit: number; offset: number },
) => {
  const direction = order.direction === "asc" ? sql`asc` : sql`desc`;
  const nulls = order.nulls ? sql.raw(`nulls ${order.nulls}`) : sql``;
  return db
    .selectFrom(
      sql<{ id: number }>`(${sql.join(
        branches.map((branch) => sql`(${branch})`),
        sql` UNION ALL `,
      )})`.as("m"),
    )
    .select("m.id")
    .orderBy(sql`m.sort_key ${direction} ${nulls}`)
    .orderBy(sql`m.id ${direction}`)
    .limit(pageBound(page.limit))
    .offset(pageBound(page.offset));
};
