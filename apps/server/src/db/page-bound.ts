import { type RawBuilder, sql } from "kysely";

/**
 * A LIMIT or OFFSET written into a statement's text rather than sent as a parameter.
 *
 * Statements are prepared once per connection (prepared-statements.ts), but planned once only if
 * PostgreSQL keeps their generic plan, and a generic plan knows nothing of a `LIMIT $4`: the
 * planner then assumes a tenth of the table is wanted, prices a page's index scan like a sort of
 * everything, and goes on planning every call anew (4 ms for the fault list at scale, four times
 * its run time). With the number in the text the generic plan is the page's own plan and is kept.
 * Each distinct page size and offset is then a statement of its own, within the per-connection
 * bound. Only whole numbers are accepted, so nothing but digits reaches the text.
 */
export const pageBound = (n: number): RawBuilder<number> => {
  if (!Number.isSafeInteger(n) || n < 0) throw new RangeError(`not a page bound: ${n}`);
  return sql.lit(n);
};
