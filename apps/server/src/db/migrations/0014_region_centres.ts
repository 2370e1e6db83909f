import { type Kysely, sql } from "kysely";

/**
 * Where a region is on the map, so choosing a country or a city in a form can bring the location
 * picker there: a centre and a zoom level. Nullable: a region an operator adds without them is
 * still offered, the map only stays where it is. The reference data fills them for the regions it
 * knows (seed/regions.ts), on existing installations too.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await sql`ALTER TABLE regions
    ADD COLUMN latitude double precision CHECK (latitude BETWEEN -90 AND 90),
    ADD COLUMN longitude double precision CHECK (longitude BETWEEN -180 AND 180),
    ADD COLUMN zoom smallint CHECK (zoom BETWEEN 1 AND 18)`.execute(db);
}
