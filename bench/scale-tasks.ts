import { randomUUID } from "node:crypto";
import { sql } from "kysely";
import type { Db } from "../apps/server/src/db/open.ts";
import { createLinkMaintenance } from "../apps/server/src/devices/link-maintenance.ts";

/** A long site visit: what the message report and the collected-data page are measured on. */
export const TASK_SCALE = { frames: 1_000_000, snapshots: 100_000 };

export const BENCH_CAPTURE_NAME = "Bench capture";
export const BENCH_COLLECTION_NAME = "Bench collection";

/**
 * Two finished tasks of one of the demo distributor's checkers, written as the device link
 * writes them: a capture of a million bus frames (numbered 1..n, addresses and command in their
 * columns, every 16th frame carrying the bytes 55 66) and a collection of 100,000 reports of a
 * system of two outdoor and sixteen indoor units (the checker's first system), one a second up to now.
 */
export async function seedTaskData(
  db: Db,
  scale = TASK_SCALE,
  names = { capture: BENCH_CAPTURE_NAME, collection: BENCH_COLLECTION_NAME },
): Promise<{ deviceId: number; captureTaskId: string; collectionTaskId: string }> {
  const checker = await db
    .selectFrom("devices as d")
    .innerJoin("organisations as o", "o.id", "d.organisation_id")
    .where("o.name", "=", "Demo Distributor")
    .where("d.kind", "=", "checker")
    .select(["d.id", "d.organisation_id"])
    .orderBy("d.id")
    .executeTakeFirstOrThrow();
  // The reports are of the checker's own system, so its unit lists offer the units they hold.
  const system = await db
    .selectFrom("outdoor_units")
    .where("device_id", "=", Number(checker.id))
    .select((eb) => eb.fn.min("system_number").as("n"))
    .executeTakeFirst();
  const systemNumber = Number(system?.n ?? 0);
  const now = new Date();
  const collectionStart = new Date(now.getTime() - scale.snapshots * 1_000);
  const task = (id: string, kind: "capture" | "collection", name: string, start: Date, frames: number) => ({
    id,
    organisation_id: Number(checker.organisation_id),
    device_id: Number(checker.id),
    kind,
    name,
    interval_s: kind === "capture" ? 60 : 1,
    end_at: now,
    status: "finished" as const,
    created_at: start,
    started_at: start,
    ended_at: now,
    start_command_id: randomUUID(),
    frame_count: frames,
    frame_bytes: frames * 12,
    snapshot_count: kind === "collection" ? scale.snapshots : null,
  });
  const captureId = randomUUID();
  const collectionId = randomUUID();
  await db
    .insertInto("checker_tasks")
    .values([
      task(captureId, "capture", names.capture, new Date(collectionStart.getTime() - 86_400_000), scale.frames),
      task(collectionId, "collection", names.collection, collectionStart, 0),
    ])
    .execute();
  // Source and destination walk the outdoor (0x00-0x07), indoor (0x20-0x2f) and controller (0x70) addresses.
  await sql`
    INSERT INTO capture_frames (task_id, n, at, source, destination, command, raw)
    SELECT ${captureId}::uuid, g, ${collectionStart}::timestamptz - interval '1 day' + g * interval '50 milliseconds',
           s.source, s.destination, s.command,
           decode('aa' || lpad(to_hex(s.source), 2, '0') || lpad(to_hex(s.destination), 2, '0')
                  || lpad(to_hex(s.command), 2, '0') || '04' || CASE WHEN g % 16 = 0 THEN '5566' ELSE '0102' END
                  || lpad(to_hex(g % 65536), 4, '0') || '00', 'hex')
    FROM generate_series(1, ${scale.frames}) AS g
    CROSS JOIN LATERAL (SELECT (ARRAY[0, 1, 32, 33, 34, 35, 36, 37, 38, 39, 40, 112])[1 + g % 12] AS source,
                               (ARRAY[112, 32, 0, 1, 41, 42, 43, 44, 45, 46, 47, 0])[1 + g % 12] AS destination,
                               (ARRAY[1, 2, 16, 17, 32, 33, 48, 49, 64, 80])[1 + g % 10] AS command) s`.execute(db);

  const times = Array.from({ length: 3 }, (_, i) => new Date(collectionStart.getTime() + i * 50_000 * 1_000));
  await createLinkMaintenance(db, () => now).ensurePartitionsFor([...times, now]);
  await sql`
    INSERT INTO telemetry_snapshots (device_id, system_number, ts, outdoor_address, outdoor_status_word,
      outdoor_readings, outdoor_running_hours, indoor_address, indoor_status_word, indoor_readings, indoor_settings)
    SELECT ${Number(checker.id)}, ${systemNumber}, ${collectionStart}::timestamptz + g * interval '1 second',
           ARRAY[0, 1]::smallint[], ARRAY[2, 2]::smallint[],
           ARRAY[[50 + g % 30, 2.8, 0.9, 78, 9, 31, 640, 480, 120, 14.2],
                 [48 + g % 20, 2.7, 0.9, 76, 9, 31, 620, 470, 110, 13.8]]::real[],
           ARRAY[1200, 1100]::integer[],
           (SELECT array_agg(a)::smallint[] FROM generate_series(0, 15) a),
           array_fill(2::smallint, ARRAY[16]),
           (SELECT array_agg(ARRAY[24 + (g + a) % 5, 26, 320, 8.5, 12]) FROM generate_series(0, 15) a)::real[],
           array_fill(1::smallint, ARRAY[16, 4])
    FROM generate_series(1, ${scale.snapshots}) AS g`.execute(db);
  // Autovacuum visits an insert-only table once enough rows came in (PostgreSQL 13 and later), which
  // marks its pages all-visible: the counts of the report then read indexes alone, as in steady state.
  for (const table of ["checker_tasks", "capture_frames", "telemetry_snapshots"]) {
    await sql`VACUUM (ANALYZE) ${sql.table(table)}`.execute(db);
  }
  return { deviceId: Number(checker.id), captureTaskId: captureId, collectionTaskId: collectionId };
}
