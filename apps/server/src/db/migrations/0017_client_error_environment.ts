import { type Kysely, sql } from "kysely";

/**
 * Which installation a web error report came from (SPEC section 9: "test" when the page's
 * origin contains localhost or test, else "prod"), so a distributor can tell a tester's
 * errors from their users'. Null for reports sent before the web said it.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE client_errors
    ADD COLUMN environment text CHECK (environment IN ('test', 'prod'))`.execute(db);
}
