import { randomUUID } from "node:crypto";
import { expect, vi } from "vitest";
import { connectDevice, type indoorSnapshot, type outdoorSnapshot } from "./device-client.ts";
import { createTestApp, type TestApp } from "./test-app.ts";

/** A test app with the device link, its Hi-Checker callers and a checker of each demo distributor. */
export interface CheckerTaskSetup {
  t: TestApp;
  /** A Hi-Checker engineer of the demo distributor. */
  engineer: string;
  /** The demo distributor in the Distributor Cloud module, which has no right to the checkers' tasks. */
  distributorCloud: string;
  checkerId: number;
  /** A checker of another distributor: its tasks are none of the engineer's business. */
  foreignCheckerId: number;
}

/** The first checker of a seeded organisation. */
const checkerIn = async (t: TestApp, organisation: string) =>
  Number(
    (
      await t.db
        .selectFrom("devices as d")
        .innerJoin("organisations as o", "o.id", "d.organisation_id")
        .where("o.name", "=", organisation)
        .where("d.kind", "=", "checker")
        .select("d.id")
        .orderBy("d.id")
        .executeTakeFirstOrThrow()
    ).id,
  );

/** Starts the app listening (the device link's broker needs a port) and finds the callers and checkers. */
export async function startCheckerTaskApp(): Promise<CheckerTaskSetup> {
  const t = await createTestApp({ deviceLink: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  const [engineer, distributorCloud] = await Promise.all([
    t.moduleToken("checker@example.com", 5),
    t.moduleToken("distributor@example.com", 2),
  ]);
  const checkerId = await checkerIn(t, "Demo Distributor");
  const foreignCheckerId = await checkerIn(t, "Other Distributor");
  return { t, engineer, distributorCloud, checkerId, foreignCheckerId };
}

/** A task of `deviceId` as the device link leaves one: finished, an hour long, unless `over` says otherwise. */
export async function insertCheckerTask(
  t: TestApp,
  deviceId: number,
  kind: "capture" | "collection",
  over: Record<string, unknown> = {},
): Promise<string> {
  const id = randomUUID();
  const device = await t.db
    .selectFrom("devices")
    .where("id", "=", deviceId)
    .select("organisation_id")
    .executeTakeFirstOrThrow();
  const at = t.clock.now();
  await t.db
    .insertInto("checker_tasks")
    .values({
      id,
      organisation_id: Number(device.organisation_id),
      device_id: deviceId,
      kind,
      name: `${kind} visit`,
      interval_s: 60,
      end_at: new Date(at.getTime() + 3_600_000),
      status: "finished",
      created_at: at,
      started_at: at,
      ended_at: new Date(at.getTime() + 3_600_000),
      start_command_id: randomUUID(),
      ...over,
    })
    .execute();
  return id;
}

/** How many telemetry snapshots of `deviceId` are stored. */
export const snapshotCount = async (t: TestApp, deviceId: number): Promise<number> =>
  Number(
    (
      await t.db
        .selectFrom("telemetry_snapshots")
        .where("device_id", "=", deviceId)
        .select((eb) => eb.fn.countAll<string>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** One telemetry report of the checker's system: its outdoor and indoor units. */
export interface SystemReport {
  outdoor: ReturnType<typeof outdoorSnapshot>[];
  indoor: ReturnType<typeof indoorSnapshot>[];
}

/**
 * Sends `reports` as the checker's telemetry of its own system over the device link, a minute
 * apart on the test clock, numbered on from `seq`. Answers the time before the first report
 * (where a task over them starts) and the system they are of.
 */
export async function sendCheckerReports(
  t: TestApp,
  checkerId: number,
  reports: readonly SystemReport[],
  seq: number,
): Promise<{ start: Date; system: number }> {
  const device = await t.db
    .selectFrom("devices")
    .where("id", "=", checkerId)
    .select(["serial_number", "system_number"])
    .executeTakeFirstOrThrow();
  const system = device.system_number ?? 0;
  const credentials = await t.app.services.deviceCredentials.issueFor(
    { id: checkerId, serialNumber: device.serial_number },
    null,
  );
  const client = await connectDevice({
    port: t.app.deviceLink?.brokerPort as number,
    deviceId: device.serial_number,
    password: credentials.password,
  });
  const start = t.clock.now();
  let next = seq;
  await client.publish("online", { online: true }, ++next);
  const before = await snapshotCount(t, checkerId);
  for (const [i, report] of reports.entries()) {
    t.clock.advance(60_000);
    await client.publish("telemetry", { system, ...report }, ++next);
    // Each report is dated on arrival: it must be in before the clock moves on.
    await vi.waitFor(async () => expect(await snapshotCount(t, checkerId)).toBe(before + i + 1));
  }
  await client.client.endAsync();
  return { start, system };
}
