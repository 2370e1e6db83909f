// The benchmark's devices: serial numbers, secrets and unit counts, and the rows that make them
// known to the portal, written with set-based SQL as bench/scale-data.ts does.
import { sql } from "kysely";
import type { Db } from "../apps/server/src/db/open.ts";
import { hashDeviceSecret, newDeviceSecret } from "../apps/server/src/devices/device-secret.ts";
import type { BenchDevice } from "./ingest-ipc.ts";

export const makeBenchDevices = (count: number, tag: string): BenchDevice[] =>
  Array.from({ length: count }, (_, i) => ({
    serial: `${tag}-${String(i + 1).padStart(6, "0")}`,
    secret: newDeviceSecret(),
    indoor: 4 + (i % 5),
  }));

/** One organisation, a project per 20 devices, the devices (Hi-Mit, system 0) with 1 outdoor and 4-8 indoor units, and their credentials. */
export async function seedIngestDevices(db: Db, devices: BenchDevice[], tag: string): Promise<void> {
  const organisation = await sql<{ id: number }>`
    INSERT INTO organisations (name) VALUES ('Ingest Bench') RETURNING id`.execute(db);
  const org = Number(organisation.rows[0]?.id);
  const projects = Math.ceil(devices.length / 20);
  await sql`
    INSERT INTO projects (organisation_id, code, name, contact_person, contact_phone, country_code, city_code)
    SELECT ${org}, ${tag} || '-P' || lpad(g::text, 5, '0'), 'Ingest project ' || g, 'Bench', '+49 30 0000 0000',
           'DE', 'DE-BER'
    FROM generate_series(1, ${projects}) AS g`.execute(db);
  const serials = devices.map((d) => d.serial);
  await sql`
    INSERT INTO devices (organisation_id, project_id, kind, device_code, serial_number, alias, model, firmware, status,
                         system_number, install_date, last_seen_at)
    SELECT ${org}, p.id, 'himit', 'HM' || v.serial, v.serial, '', 'M-himit-1', 'V1.2.0', 'online', 0, current_date, now()
    FROM unnest(${serials}::text[]) WITH ORDINALITY AS v(serial, n)
    JOIN projects p ON p.code = ${tag} || '-P' || lpad((1 + (v.n - 1) / 20)::text, 5, '0')`.execute(db);
  await sql`
    INSERT INTO outdoor_units (device_id, system_number, address, model, serial_number, capacity_kw)
    SELECT d.id, 0, 0, 'ODU-1', 'OU' || d.serial_number, 28
    FROM devices d WHERE d.serial_number = ANY(${serials}::text[])`.execute(db);
  await sql`
    INSERT INTO indoor_units (device_id, system_number, address, model, serial_number, capacity_kw, power_on, mode,
                              set_temperature, room_temperature)
    SELECT d.id, 0, a, 'IDU-1', 'IU' || d.serial_number || '-' || a, 5.6, true, 'cooling', 24, 25
    FROM unnest(${serials}::text[], ${devices.map((d) => d.indoor)}::int[]) AS v(serial, indoor)
    JOIN devices d ON d.serial_number = v.serial
    CROSS JOIN generate_series(0, 7) AS a
    WHERE a < v.indoor`.execute(db);
  await sql`
    INSERT INTO device_credentials (device_id, secret_hash)
    SELECT d.id, v.hash FROM unnest(${serials}::text[], ${devices.map((d) => hashDeviceSecret(d.secret))}::text[]) AS v(serial, hash)
    JOIN devices d ON d.serial_number = v.serial`.execute(db);
  await sql`ANALYZE`.execute(db);
}
