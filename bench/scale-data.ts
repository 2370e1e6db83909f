import { sql } from "kysely";
import type { Db } from "../apps/server/src/db/open.ts";

/**
 * A large channel, written with set-based SQL so a million rows take seconds, not minutes.
 * The demo distributor's organisation gets most of it (that is whose pages are measured);
 * extra tenants get their share so every scope filter has rows it must leave out.
 */
export interface ScaleSize {
  projects: number;
  devices: number;
  faults: number;
  /** Extra tenants beside the demo ones; each gets a tenth of the demo distributor's rows. */
  tenants: number;
  historyDays: number;
}

export const DEFAULT_SCALE: ScaleSize = {
  projects: 10_000,
  devices: 100_000,
  faults: 1_000_000,
  tenants: 4,
  historyDays: 180,
};

// Device kinds by share of the fleet: controllers dominate, checkers are few.
const KIND_CASE = sql.raw(`case when g % 20 < 14 then 'himit' when g % 20 < 17 then 'hidom'
  when g % 20 < 19 then 'smarttouch' else 'checker' end`);

async function organisationId(db: Db, name: string): Promise<number> {
  const row = await db.selectFrom("organisations").where("name", "=", name).select("id").executeTakeFirstOrThrow();
  return row.id;
}

async function addTenant(db: Db, index: number): Promise<number> {
  const row = await db
    .insertInto("organisations")
    .values({ name: `Scale Tenant ${index}` } as never)
    .returning("id")
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Projects, devices, units and faults for one organisation, all ids derived from `tag` so reruns do not collide. */
async function seedOrganisation(db: Db, organisation: number, tag: string, size: ScaleSize): Promise<void> {
  const { projects, devices, faults, historyDays } = size;
  await sql`
    INSERT INTO projects (organisation_id, code, name, contact_person, contact_phone, country_code, city_code,
                          address, latitude, longitude, created_at, updated_at)
    SELECT ${organisation}, ${tag} || lpad(g::text, 7, '0'),
           (array['Hotel','Office','Mall','Hospital','School','Residence'])[1 + g % 6] || ' ' || ${tag} || ' ' || g,
           'Contact ' || g, '+49 30 1234 ' || lpad((g % 10000)::text, 4, '0'), 'DE', 'DE-BER', 'Street ' || g,
           -50 + (g * 7919 % 11000) / 100.0, -170 + (g * 104729 % 34000) / 100.0,
           now() - (g % 700) * interval '1 hour', now() - (g % 700) * interval '1 hour'
    FROM generate_series(1, ${projects}) AS g
  `.execute(db);
  await sql`
    INSERT INTO devices (organisation_id, project_id, kind, device_code, serial_number, alias, model, firmware,
                         status, checker_type, storage_capacity_mb, used_capacity_mb, system_number, install_date,
                         last_seen_at, created_at, updated_at)
    SELECT ${organisation}, p.id, k.kind,
           upper(left(k.kind, 2)) || ${tag} || '-' || lpad(g::text, 8, '0'),
           'S' || upper(left(k.kind, 2)) || ${tag} || '-' || lpad(g::text, 8, '0'),
           case when k.kind = 'checker' then 'Checker ' || g else '' end,
           'M-' || k.kind || '-' || (g % 5), 'V1.' || (g % 4) || '.0',
           case when k.kind = 'checker' then (array['grabbing','collecting','standby','offline','online','other'])[1 + g % 6]
                when g % 9 = 0 then 'offline' else 'online' end,
           case when k.kind = 'checker' then (case when g % 2 = 0 then 'stationary' else 'temporary' end) end,
           case when k.kind = 'checker' then (case when g % 2 = 0 then 4096 else 200 end) end,
           case when k.kind = 'checker' then g % 190 end,
           case when k.kind in ('himit', 'checker') then g % 64 end,
           (now() - (g % 1500) * interval '1 day')::date,
           now() - (g % 5000) * interval '1 minute',
           now() - (g % 3000) * interval '1 hour', now() - (g % 3000) * interval '1 hour'
    FROM generate_series(1, ${devices}) AS g
    CROSS JOIN LATERAL (SELECT ${KIND_CASE} AS kind) k
    JOIN LATERAL (
      SELECT id FROM projects WHERE organisation_id = ${organisation} AND code = ${tag} || lpad((1 + g % ${projects})::text, 7, '0')
    ) p ON true
  `.execute(db);
  // Two and a half units per device on average: one or two outdoor units, one indoor unit per Hi-Mit.
  await sql`
    INSERT INTO outdoor_units (device_id, system_number, address, model, serial_number, capacity_kw, status, running_hours)
    SELECT d.id, coalesce(d.system_number, 0), a, 'ODU-' || (d.id % 7), 'OU' || d.id || '-' || a, 22.4 + a,
           case when d.id % 50 = 0 then 'alarm' else 'normal' end, (d.id * 13 + a) % 40000
    FROM devices d CROSS JOIN generate_series(0, 1) AS a
    WHERE d.serial_number LIKE 'S' || upper(left(d.kind, 2)) || ${tag} || '-%' AND (a = 0 OR d.id % 2 = 0)
  `.execute(db);
  await sql`
    INSERT INTO indoor_units (device_id, system_number, address, model, serial_number, capacity_kw, status, power_on,
                              mode, set_temperature, room_temperature)
    SELECT d.id, coalesce(d.system_number, 0), 0, 'IDU-' || (d.id % 9), 'IU' || d.id, 5.6,
           case when d.id % 40 = 0 then 'alarm' else 'normal' end, d.id % 3 <> 0,
           (array['cooling','heating','fan','dry','auto'])[1 + d.id % 5], 24, 22 + (d.id % 6)
    FROM devices d
    WHERE d.serial_number LIKE 'S' || upper(left(d.kind, 2)) || ${tag} || '-%' AND d.kind IN ('himit', 'hidom')
  `.execute(db);
  // Faults spread over the history window, one code of the catalogue each; about 1.5% still open.
  await sql`
    WITH codes AS (SELECT array_agg(code ORDER BY code) AS list FROM fault_codes),
         scoped AS (SELECT array_agg(id ORDER BY id) AS ids FROM devices WHERE organisation_id = ${organisation})
    INSERT INTO faults (organisation_id, project_id, device_id, code, system_number, outdoor_address, indoor_address,
                        occurred_at, repaired_at)
    SELECT ${organisation}, d.project_id, d.id, codes.list[(1 + (g * 31) % array_length(codes.list, 1))::int],
           coalesce(d.system_number, 0), case when g % 2 = 0 then g % 8 end, case when g % 2 = 1 then g % 64 end,
           f.at, case when g % 67 = 0 then null else f.at + ((g % 72) + 1) * interval '1 hour' end
    FROM generate_series(1::bigint, ${faults}::bigint) AS g
    CROSS JOIN codes CROSS JOIN scoped
    CROSS JOIN LATERAL (SELECT now() - ((g * 7907) % (${historyDays} * 86400)) * interval '1 second' AS at) f
    JOIN devices d ON d.id = scoped.ids[(1 + (g * 7919) % array_length(scoped.ids, 1))::int]
  `.execute(db);
}

/** Grows the demo distributor into a large channel and adds `tenants` smaller ones; returns the row counts. */
export async function seedScaleData(db: Db, size: ScaleSize = DEFAULT_SCALE) {
  const demo = await organisationId(db, "Demo Distributor");
  await seedOrganisation(db, demo, "B", size);
  for (let i = 1; i <= size.tenants; i++) {
    const tenant = await addTenant(db, i);
    await seedOrganisation(db, tenant, `T${i}`, {
      ...size,
      projects: Math.ceil(size.projects / 10),
      devices: Math.ceil(size.devices / 10),
      faults: Math.ceil(size.faults / 10),
    });
  }
  // Steady state: autovacuum visits insert-only tables once enough rows came in (PostgreSQL 13 and
  // later) and marks their pages all-visible, so counts over an index need not visit the table.
  await sql`VACUUM (ANALYZE)`.execute(db);
  return scaleCounts(db);
}

/** How many rows the data set holds: the demo distributor's, and everyone's. */
export async function scaleCounts(db: Db) {
  const demo = await organisationId(db, "Demo Distributor");
  const count = async (
    table: "projects" | "devices" | "faults" | "outdoor_units" | "indoor_units",
    scoped: boolean,
  ) => {
    const query = scoped
      ? sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)} WHERE organisation_id = ${demo}`
      : sql<{ n: number }>`SELECT count(*)::int AS n FROM ${sql.table(table)}`;
    return Number((await query.execute(db)).rows[0]?.n ?? 0);
  };
  return {
    demoProjects: await count("projects", true),
    demoDevices: await count("devices", true),
    demoFaults: await count("faults", true),
    allDevices: await count("devices", false),
    allFaults: await count("faults", false),
    units: (await count("outdoor_units", false)) + (await count("indoor_units", false)),
  };
}
