import { type Kysely, sql } from "kysely";

/**
 * The checkers bound to an account, found from the account: a Hi-Checker engineer sees them
 * beside their organisation's (scope.service.ts `checkerScopeOf`), and every list of the module
 * asks. The primary key (device_id, account_id) only answers the other way round.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`CREATE INDEX device_bound_users_account_idx ON device_bound_users (account_id, device_id)`.execute(db);
}
