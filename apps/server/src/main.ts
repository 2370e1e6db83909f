import { join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "./app.ts";
import { systemClock } from "./clock.ts";
import { loadConfig } from "./config.ts";
import { migrateToLatest } from "./db/migrate.ts";
import { openDb } from "./db/open.ts";
import { seedDemoData } from "./db/seed/demo-data.ts";
import { seedReferenceData } from "./db/seed/reference-data.ts";
import { createMailer } from "./mail/mailer.ts";
import { DEFAULT_COST } from "./modules/account/password-hash.ts";

const config = loadConfig();
const webDist = config.webDist ?? fileURLToPath(new URL("../../web/dist", import.meta.url));
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: resolve(config.dataDir) });
await migrateToLatest(db);
await seedReferenceData(db);

const app = await buildApp({
  db,
  mailer: (log) =>
    createMailer({
      smtpUrl: config.smtpUrl,
      from: config.mailFrom,
      outboxDir: join(resolve(config.dataDir), "outbox"),
      log,
    }),
  webDist,
  logLevel: config.logLevel,
  mapTileUrl: config.mapTileUrl,
  publicUrl: config.publicUrl,
});

if (config.demo && (await seedDemoData(db, { passwordCost: DEFAULT_COST, now: systemClock.now() }))) {
  app.log.info("demo data seeded: sign in as distributor@example.com / Demo1234");
}

let closing = false;
const shutdown = async (signal: string) => {
  if (closing) return;
  closing = true;
  app.log.info({ signal }, "shutting down");
  // close() stops accepting, lets in-flight requests finish and runs onClose (sockets get 1001).
  await app.close();
  await db.destroy();
  process.exit(0);
};
process.on("SIGTERM", () => void shutdown("SIGTERM"));
process.on("SIGINT", () => void shutdown("SIGINT"));

await app.listen({ port: config.port, host: config.host });
app.log.info(`VRF Cloud is running on ${config.publicUrl}`);
