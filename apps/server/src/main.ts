import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import type { Fleet } from "@vrf/simulator/index.ts";
import type { FastifyBaseLogger } from "fastify";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { type Config, ConfigError, loadConfig } from "./config.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { createEmbeddedDatabase, openDb } from "./db/open.ts";
import { DEMO_ACCOUNTS, DEMO_PASSWORD, seedDemoData } from "./db/seed/demo-data.ts";
import { seedReferenceData } from "./db/seed/reference-data.ts";
import { startDemoFleet } from "./devices/demo-fleet.ts";
import { BrokerUnreachableError } from "./devices/device-gateway.ts";
import { logSetup } from "./logging/log-setup.ts";
import { readableLogStream } from "./logging/readable-log.ts";
import { type StartFacts, startBanner } from "./logging/start-banner.ts";
import { withoutCredentials } from "./logging/without-credentials.ts";
import { createMailTransport } from "./mail/mailer.ts";
import { DEFAULT_COST } from "./modules/account/password-hash.ts";
import { brokerUserOf } from "./modules/broker-auth/broker-auth.service.ts";
import { prepareShutdown } from "./shutdown.ts";

/** What stops the start is one line naming what to set, without a stack trace. */
const didNotStart = (what: string) => process.stderr.write(`VRF Cloud did not start: ${what}.\n`);

let config: Config;
try {
  config = loadConfig();
} catch (error) {
  if (!(error instanceof ConfigError)) throw error;
  didNotStart(error.message);
  process.exit(1);
}
const logging = logSetup({ level: config.logLevel, production: config.production });
const outboxDir = join(resolve(config.dataDir), "outbox");
const webDist = config.webDist ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
// The pool reports lost connections from the start; the app's logger exists once it is built.
let appLog: FastifyBaseLogger | undefined;
if (!config.databaseUrl) await createEmbeddedDatabase(resolve(config.dataDir));
const db = openDb({
  databaseUrl: config.databaseUrl,
  dataDir: resolve(config.dataDir),
  poolSize: config.poolSize,
  reportPoolSize: config.reportPoolSize,
  statementTimeoutMs: config.statementTimeoutMs,
  reportStatementTimeoutMs: config.reportStatementTimeoutMs,
  preparedStatements: config.preparedStatements,
  onConnectionError: (error) => appLog?.warn({ reason: error.message }, "database connection lost"),
});
await migrateToLatest(db);
await seedReferenceData(db);

const app = await buildApp({
  db,
  mailer: (log) =>
    createMailTransport({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir,
      log,
    }),
  webDist,
  logLevel: logging.level,
  ...(logging.format === "readable" ? { logStream: readableLogStream() } : {}),
  mapTileUrl: config.mapTileUrl,
  geocoderUrl: config.geocoderUrl,
  publicUrl: config.publicUrl,
  trustProxy: config.trustProxy,
  redisUrl: config.redisUrl,
  sessionCacheMs: config.sessionCacheMs,
  softwarePackages: { dir: join(resolve(config.dataDir), "packages"), maxBytes: config.packageMaxBytes },
  metricsToken: config.metricsToken,
  brokerAuth: config.mqttHttpAuthToken
    ? { token: config.mqttHttpAuthToken, portalUser: brokerUserOf(config.mqttUrl) }
    : undefined,
  deviceLink: {
    broker: config.mqttUrl ? { url: config.mqttUrl } : { embedded: { host: config.mqttHost, port: config.mqttPort } },
    databaseUrl: config.databaseUrl,
    sharedGroup: config.mqttSharedGroup,
    dynsec: config.mqttDynsec,
    httpAuth: config.mqttHttpAuthToken !== undefined,
  },
});

if (config.demo && (await seedDemoData(db, { passwordCost: DEFAULT_COST, now: systemClock.now() }))) {
  app.log.info(`demo data seeded: sign in as ${DEMO_ACCOUNTS[0].email} / ${DEMO_PASSWORD}`);
}

appLog = app.log;

let demoFleet: Fleet | null = null;
const shutdown = prepareShutdown({
  app,
  db,
  drainMs: config.shutdownDrainMs,
  // The demo's devices say goodbye while the broker still takes their messages; then it stops.
  stopDevices: async (withinMs) => {
    const started = Date.now();
    await demoFleet?.stop({ graceful: true });
    await app.deviceLink?.stop(Math.max(0, withinMs - (Date.now() - started)));
  },
});
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

try {
  await app.listen({ port: config.port, host: config.host });
} catch (error) {
  // The device link starts with the app: a port someone else holds (the embedded broker's, or
  // PORT) or an external broker it cannot reach are the usual reasons.
  const { code, port } = error as { code?: string; port?: number };
  let what: string | undefined;
  if (code === "EADDRINUSE") {
    what =
      port === config.port
        ? `PORT ${port} is in use: set PORT to a free port`
        : `MQTT_PORT ${port} is in use (another MQTT broker?): set MQTT_PORT to a free port, or MQTT_URL=mqtt://host:port to use that broker`;
  } else if (error instanceof BrokerUnreachableError && config.mqttUrl) what = `MQTT_URL: ${error.message}`;
  if (what === undefined) throw error;
  // A log collector gets it as a log line too; a terminal gets the one line below.
  if (logging.format === "json") app.log.fatal(what);
  didNotStart(what);
  await app.close().catch(() => {});
  await db.destroy().catch(() => {});
  process.exit(1);
}
const brokerPort = app.deviceLink?.brokerPort;
const facts: StartFacts = {
  url: config.publicUrl,
  demoAccounts: config.demo ? DEMO_ACCOUNTS.map((a) => a.email) : [],
  demoPassword: DEMO_PASSWORD,
  smtpUrl: config.smtpUrl,
  outboxDir,
  mqtt: config.mqttUrl ? { url: config.mqttUrl } : brokerPort ? { port: brokerPort } : null,
  requestLogs: logging.requestLogs,
};
if (logging.format === "readable") {
  process.stdout.write(startBanner(facts));
} else {
  app.log.info(
    {
      url: facts.url,
      mail: facts.smtpUrl ? withoutCredentials(facts.smtpUrl) : facts.outboxDir,
      mqtt: config.mqttUrl ? withoutCredentials(config.mqttUrl) : brokerPort,
    },
    "VRF Cloud is running",
  );
}

// The demo's devices connect in the background, so the portal answers while they do.
if (config.demo && brokerPort) {
  startDemoFleet({
    db,
    url: `mqtt://127.0.0.1:${brokerPort}`,
    credentials: app.services.deviceCredentials,
    log: app.log,
  }).then(
    (fleet) => {
      demoFleet = fleet;
    },
    (error: unknown) => app.log.warn({ reason: String(error) }, "the demo fleet did not start"),
  );
}
