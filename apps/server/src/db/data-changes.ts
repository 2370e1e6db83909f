import { type Kysely, sql } from "kysely";
import { arrayLiteral } from "./array-literal.ts";
import { SHARDS } from "./migrations/0019_data_changes.ts";
import type { Database } from "./schema.ts";

/**
 * Areas of an organisation's data whose changes are counted (migration 0019): an answer built from
 * some of them is valid until one of them changes.
 */
export type DataArea =
  | "projects"
  | "organisations"
  | "people"
  | "devices"
  | "units"
  | "faults"
  | "repairs"
  | "partners"
  | "security";

/**
 * Counts a change of the devices' organisations that the triggers cannot see: telemetry goes to
 * partitioned history tables without an organisation, yet unit lists show each unit's newest
 * reading from them. The organisations are the devices' as they stand in this transaction.
 */
export const bumpDeviceDataChanges = async (
  tx: Kysely<Database>,
  deviceIds: readonly number[],
  area: DataArea,
): Promise<void> => {
  if (deviceIds.length === 0) return;
  await sql`
    INSERT INTO data_changes AS c (organisation_id, area, shard, n)
    SELECT DISTINCT d.organisation_id, ${area}::text, (pg_backend_pid() % ${sql.lit(SHARDS)})::smallint, 1
    FROM devices d WHERE d.id = ANY(${arrayLiteral(deviceIds)}::bigint[]) ORDER BY 1
    ON CONFLICT (organisation_id, area, shard) DO UPDATE SET n = c.n + 1`.execute(tx);
};
