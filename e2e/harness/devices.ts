import {
  createSimulatedDevice,
  type SimulatedDevice,
  type SimulatedDeviceOptions,
  type TSystemLayout,
} from "@vrf/simulator/index.ts";
import type { E2eServer } from "./start-server.ts";

/** A seeded device of the demo distributor, with its unit layout as the simulator needs it. */
export interface DemoDevice {
  id: number;
  serial: string;
  code: string;
  alias: string;
  /** The seeded units per system, as the simulator lays them out. */
  systems: TSystemLayout[];
}

/**
 * The demo distributor's `index`-th device of `kind` that has indoor units (by id), optionally
 * only those `where` accepts (checker type, state), with its seeded unit layout.
 */
export async function demoDevice(
  server: E2eServer,
  kind: "himit" | "checker",
  index = 0,
  where: { checkerType?: "temporary" | "stationary" } = {},
): Promise<DemoDevice> {
  const db = server.app.services.db;
  let query = db
    .selectFrom("devices as d")
    .innerJoin("organisations as o", "o.id", "d.organisation_id")
    .where("o.name", "=", "Demo Distributor")
    .where("d.kind", "=", kind)
    .where((eb) => eb.exists(eb.selectFrom("indoor_units as u").whereRef("u.device_id", "=", "d.id").select("u.id")));
  if (where.checkerType) query = query.where("d.checker_type", "=", where.checkerType);
  const devices = await query.select(["d.id", "d.serial_number", "d.device_code", "d.alias"]).orderBy("d.id").execute();
  const device = devices[index];
  if (!device) throw new Error(`the demo data has no ${kind} number ${index + 1} with indoor units`);
  const count = async (table: "outdoor_units" | "indoor_units") =>
    db
      .selectFrom(table)
      .where("device_id", "=", device.id)
      .select(["system_number"])
      .select((eb) => eb.fn.countAll<number>().as("n"))
      .groupBy("system_number")
      .execute();
  const outdoor = await count("outdoor_units");
  const indoor = await count("indoor_units");
  const numbers = [...new Set([...outdoor, ...indoor].map((row) => row.system_number))].sort((a, b) => a - b);
  return {
    id: Number(device.id),
    serial: device.serial_number,
    code: device.device_code,
    alias: device.alias,
    // The simulator's model needs an outdoor and an indoor unit per system, as the demo fleet gives it.
    systems: numbers.map((system) => ({
      system,
      outdoor: Math.max(1, Number(outdoor.find((row) => row.system_number === system)?.n ?? 0)),
      indoor: Math.max(1, Number(indoor.find((row) => row.system_number === system)?.n ?? 0)),
    })),
  };
}

/** Issues the device MQTT credentials as registration does, and returns its password. */
export async function issuePassword(server: E2eServer, device: DemoDevice): Promise<string> {
  const { password } = await server.app.services.deviceCredentials.issueFor(
    { id: device.id, serialNumber: device.serial },
    null,
  );
  return password;
}

/**
 * A simulated device for a demo device, signing in with `password` to the server's broker (not
 * started): quiet (no faults), quick to reconnect; `options` may change the rest.
 */
export function simulatedDevice(
  server: E2eServer,
  device: DemoDevice,
  kind: "himit" | "checker",
  password: string,
  options: Partial<SimulatedDeviceOptions> = {},
): SimulatedDevice {
  const port = server.app.deviceLink?.brokerPort;
  if (!port) throw new Error("the device link did not start its broker");
  return createSimulatedDevice({
    url: `mqtt://127.0.0.1:${port}`,
    deviceId: device.serial,
    username: device.serial,
    password,
    kind,
    systems: device.systems,
    faultsPerHour: 0,
    reconnectDelayMs: [200, 400],
    ...options,
  });
}
