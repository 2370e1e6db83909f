import { createFleet, type Fleet, type FleetDeviceOptions } from "@vrf/simulator/index.ts";
import { sql } from "kysely";
import type { Db } from "../db/open.ts";
import { FAULT_CODES } from "../db/seed/fault-codes.ts";
import type { DeviceCredentialService } from "../modules/device-link/device-credentials.service.ts";

/**
 * The demo's devices, alive: every seeded device runs as a simulated MQTT client against the
 * embedded broker, so a fresh `npm start` shows devices connecting, reporting and faulting.
 * Only devices whose credentials no person issued are simulated; a device registered in the
 * portal is left to the real one. Their secrets are issued afresh at each start and kept in
 * memory only.
 */
export async function startDemoFleet(options: {
  db: Db;
  url: string;
  credentials: DeviceCredentialService;
  log: { info(message: string): void; warn(fields: Record<string, unknown>, message: string): void };
  telemetryIntervalMs?: number;
}): Promise<Fleet> {
  const { db } = options;
  const devices = await db
    .selectFrom("devices as d")
    .leftJoin("device_credentials as c", "c.device_id", "d.id")
    .where((eb) => eb.or([eb("c.device_id", "is", null), eb("c.issued_by", "is", null)]))
    .select(["d.id", "d.serial_number", "d.kind", "d.firmware"])
    .orderBy("d.id")
    .execute();
  const layouts = await sql<{ device_id: string; system_number: number; outdoor: number; indoor: number }>`
    SELECT device_id, system_number, sum(outdoor)::int AS outdoor, sum(indoor)::int AS indoor FROM (
      SELECT device_id, system_number, count(*) AS outdoor, 0 AS indoor FROM outdoor_units GROUP BY 1, 2
      UNION ALL SELECT device_id, system_number, 0, count(*) FROM indoor_units GROUP BY 1, 2) u
    GROUP BY 1, 2 ORDER BY 1, 2`.execute(db);
  const systemsOf = new Map<number, { system: number; outdoor: number; indoor: number }[]>();
  for (const row of layouts.rows) {
    // The simulator's model needs an outdoor and an indoor unit per system.
    const layout = { system: row.system_number, outdoor: Math.max(1, row.outdoor), indoor: Math.max(1, row.indoor) };
    systemsOf.set(Number(row.device_id), [...(systemsOf.get(Number(row.device_id)) ?? []), layout]);
  }
  const fleetDevices: FleetDeviceOptions[] = [];
  for (const device of devices) {
    const { password } = await options.credentials.issueFor(
      { id: Number(device.id), serialNumber: device.serial_number },
      null,
    );
    fleetDevices.push({
      deviceId: device.serial_number,
      username: device.serial_number,
      password,
      kind: device.kind === "checker" ? "checker" : "himit",
      systems: systemsOf.get(Number(device.id)) ?? [],
      telemetryIntervalMs: options.telemetryIntervalMs ?? 15_000,
      faultCodes: FAULT_CODES,
      faultsPerHour: 0.3,
      ...(device.firmware ? { firmware: device.firmware } : {}),
      logger: {
        info: () => {},
        warn: (fields, message) => options.log.warn({ device: device.serial_number, ...fields }, message),
      },
    });
  }
  const fleet = createFleet({ url: options.url, devices: fleetDevices, concurrencyOfConnects: 20 });
  const { started, failed } = await fleet.start();
  options.log.info(
    `demo fleet: ${started} simulated devices connected${failed.length ? `, ${failed.length} failed` : ""}`,
  );
  return fleet;
}
