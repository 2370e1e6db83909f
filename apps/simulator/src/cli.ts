import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { parseArgs } from "node:util";
import { ZDeviceId } from "@vrf/contract/device/protocol.ts";
import { z } from "zod";
import { credentialsFromCsv } from "./credentials-file.ts";
import type { TSystemLayout } from "./fault-plan.ts";
import { createFleet, type FleetDeviceOptions } from "./fleet.ts";
import { deriveSeed } from "./random.ts";
import type { SimulatorLogger, TDeviceKind } from "./simulated-device.ts";

const USAGE = `Simulates Hi-Mit controllers and Hi-Checker loggers talking MQTT to the portal.

  npm run simulate -w @vrf/simulator -- --devices 100 --url mqtt://127.0.0.1:1883

  --devices N            devices named {prefix}{zero-padded index}, without credentials
  --credentials FILE     JSON array of { deviceId, username, password, kind?, systems? }, or the portal's
                         credentials CSV (registration, device import): exactly these devices
  --url URL              broker (default mqtt://127.0.0.1:1883)
  --prefix TEXT          device id prefix with --devices (default SIM)
  --kind KIND            himit, checker or mixed (a quarter checkers) with --devices (default himit)
  --systems N            systems per device (default 1)
  --outdoor N            outdoor units per system, 1-8 (default 1)
  --indoor N             indoor units per system, 0-64 (default 8)
  --interval-ms MS       telemetry interval (default 10000)
  --failure-rate P       share of commands that fail, 0-1 (default 0)
  --ota-failure-rate P   share of firmware installs that fail after a good download, 0-1 (default 0)
  --faults-per-hour R    new faults per device per hour (default 0.5)
  --seed N               seed of every device's behaviour (default 1)
  --concurrency N        connections opened at once (default 50)
  --skip-validation      do not check outgoing messages against the contract (saves CPU for large fleets)
  --help
`;

const STATUS_EVERY_MS = 10_000;

const ZSystems = z.union([
  z.number().int().min(1).max(64),
  z
    .array(
      z.object({
        system: z.number().int().min(0).max(63),
        outdoor: z.number().int().min(1).max(8),
        indoor: z.number().int().min(0).max(64),
      }),
    )
    .min(1),
]);
const ZCredentialsFile = z.array(
  z.object({
    deviceId: ZDeviceId,
    username: z.string().min(1),
    password: z.string().min(1),
    kind: z.enum(["himit", "checker"]).optional(),
    systems: ZSystems.optional(),
  }),
);

const fail = (message: string): never => {
  process.stderr.write(`${message}\n\n${USAGE}`);
  process.exit(2);
};

const numberFlag = (name: string, value: string | undefined, fallback: number, min: number, max: number) => {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed) || parsed < min || parsed > max)
    fail(`--${name} must be a number from ${min} to ${max}`);
  return parsed;
};

const { values } = parseArgs({
  options: {
    devices: { type: "string" },
    credentials: { type: "string" },
    url: { type: "string", default: "mqtt://127.0.0.1:1883" },
    prefix: { type: "string", default: "SIM" },
    kind: { type: "string", default: "himit" },
    systems: { type: "string" },
    outdoor: { type: "string" },
    indoor: { type: "string" },
    "interval-ms": { type: "string" },
    "failure-rate": { type: "string" },
    "ota-failure-rate": { type: "string" },
    "faults-per-hour": { type: "string" },
    seed: { type: "string" },
    concurrency: { type: "string" },
    "skip-validation": { type: "boolean", default: false },
    help: { type: "boolean", default: false },
  },
  strict: true,
});

if (values.help) {
  process.stdout.write(USAGE);
  process.exit(0);
}

const systemsPerDevice = numberFlag("systems", values.systems, 1, 1, 64);
const outdoorPerSystem = numberFlag("outdoor", values.outdoor, 1, 1, 8);
const indoorPerSystem = numberFlag("indoor", values.indoor, 8, 0, 64);
const seed = numberFlag("seed", values.seed, 1, 0, 2 ** 32 - 1);
const kindFlag = values.kind;
if (kindFlag !== "himit" && kindFlag !== "checker" && kindFlag !== "mixed") fail("--kind is himit, checker or mixed");

const layout = (systems: z.output<typeof ZSystems> | undefined): TSystemLayout[] =>
  Array.isArray(systems)
    ? systems
    : Array.from({ length: systems ?? systemsPerDevice }, (_, system) => ({
        system,
        outdoor: outdoorPerSystem,
        indoor: indoorPerSystem,
      }));

const common = {
  telemetryIntervalMs: numberFlag("interval-ms", values["interval-ms"], 10_000, 100, 86_400_000),
  failureRate: numberFlag("failure-rate", values["failure-rate"], 0, 0, 1),
  otaFailureRate: numberFlag("ota-failure-rate", values["ota-failure-rate"], 0, 0, 1),
  faultsPerHour: numberFlag("faults-per-hour", values["faults-per-hour"], 0.5, 0, 3_600),
  validate: !values["skip-validation"],
};

/** npm runs workspace scripts inside the workspace; a path is meant from where the user typed the command. */
const fromUserDirectory = (path: string) => resolve(process.env.INIT_CWD ?? process.cwd(), path);

const fleetDevices = async (): Promise<FleetDeviceOptions[]> => {
  if (values.credentials) {
    let entries: z.output<typeof ZCredentialsFile>;
    try {
      const text = await readFile(fromUserDirectory(values.credentials), "utf8");
      entries = ZCredentialsFile.parse(
        values.credentials.toLowerCase().endsWith(".csv") ? credentialsFromCsv(text) : JSON.parse(text),
      );
    } catch (error) {
      const reason =
        error instanceof z.ZodError ? z.prettifyError(error) : error instanceof Error ? error.message : error;
      return fail(`--credentials ${values.credentials}: ${String(reason)}`);
    }
    return entries.map((entry) => ({
      ...common,
      deviceId: entry.deviceId,
      username: entry.username,
      password: entry.password,
      kind: entry.kind ?? "himit",
      systems: layout(entry.systems),
      seed: deriveSeed(seed, entry.deviceId),
    }));
  }
  const count = values.devices === undefined ? fail("give --devices N or --credentials FILE") : Number(values.devices);
  if (!Number.isInteger(count) || count < 1) fail("--devices must be a positive whole number");
  const width = Math.max(5, String(count).length);
  return Array.from({ length: count }, (_, index) => {
    const deviceId = `${values.prefix}${String(index + 1).padStart(width, "0")}`;
    const deviceSeed = deriveSeed(seed, deviceId);
    const kind: TDeviceKind =
      kindFlag === "mixed" ? (deviceSeed % 4 === 0 ? "checker" : "himit") : (kindFlag as TDeviceKind);
    if (!ZDeviceId.safeParse(deviceId).success)
      fail(`--prefix makes device id ${deviceId}, which is not a valid serial`);
    return { ...common, deviceId, kind, systems: layout(undefined), seed: deviceSeed };
  });
};

/** Thousands of devices hitting the same problem would flood the terminal: each message is printed once, then counted. */
const createCountingLogger = () => {
  const counts = new Map<string, number>();
  const log =
    (level: string) =>
    (fields: Record<string, unknown>, message: string): void => {
      const seen = counts.get(message) ?? 0;
      counts.set(message, seen + 1);
      if (seen === 0)
        process.stderr.write(`${level} ${message} ${JSON.stringify(fields)} (further ones are counted)\n`);
    };
  const logger: SimulatorLogger = { info: () => {}, warn: log("warn") };
  return { logger, warnings: () => [...counts.values()].reduce((sum, n) => sum + n, 0) };
};

const { logger, warnings } = createCountingLogger();
const devices = (await fleetDevices()).map((device) => ({ ...device, logger }));
const fleet = createFleet({
  url: values.url,
  devices,
  concurrencyOfConnects: numberFlag("concurrency", values.concurrency, 50, 1, 10_000),
});

let lastTotal = 0;
let lastAt = Date.now();
const printStatus = () => {
  const stats = fleet.stats();
  const at = Date.now();
  const rate = ((stats.publishedTotal - lastTotal) * 1000) / Math.max(1, at - lastAt);
  lastTotal = stats.publishedTotal;
  lastAt = at;
  process.stdout.write(
    `${new Date(at).toISOString()} connected ${stats.connected}/${stats.devices}, started ${stats.started}, ` +
      `failed ${stats.failed}, ${rate.toFixed(1)} messages/s, ${stats.publishedTotal} published, ${warnings()} warnings\n`,
  );
};
const statusTimer = setInterval(printStatus, STATUS_EVERY_MS);

/** npm and tsx relay a terminal's Ctrl-C to the process that already got it, so one press can arrive twice. */
const RELAYED_SIGNAL_MS = 1_000;
let stopping = false;
let stoppingSince = 0;
const shutdown = (signal: string) => {
  if (stopping) {
    if (Date.now() - stoppingSince < RELAYED_SIGNAL_MS) return;
    process.stderr.write(`${signal} again: exiting without waiting\n`);
    process.exit(1);
  }
  stopping = true;
  stoppingSince = Date.now();
  process.stdout.write(`${signal}: stopping ${devices.length} devices gracefully\n`);
  clearInterval(statusTimer);
  fleet.stop({ graceful: true }).then(
    () => {
      printStatus();
      process.exit(0);
    },
    (error: unknown) => {
      process.stderr.write(`stopping failed: ${String(error)}\n`);
      process.exit(1);
    },
  );
};
process.on("SIGINT", () => shutdown("SIGINT"));
process.on("SIGTERM", () => shutdown("SIGTERM"));

process.stdout.write(`starting ${devices.length} simulated devices against ${values.url}\n`);
const result = await fleet.start();
if (!stopping) {
  process.stdout.write(`${result.started} devices connected, ${result.failed.length} failed\n`);
  for (const failure of result.failed.slice(0, 5)) process.stderr.write(`  ${failure.deviceId}: ${failure.error}\n`);
  printStatus();
}
