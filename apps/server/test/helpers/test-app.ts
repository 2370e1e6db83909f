import { randomBytes } from "node:crypto";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { FastifyInstance } from "fastify";
import pg from "pg";
import { inject } from "vitest";
import { buildApp } from "../../src/app.ts";
import { manualClock } from "../../src/clock.ts";
import { migrateToLatest } from "../../src/db/migrate.ts";
import { type OpenDbOptions, openDb } from "../../src/db/open.ts";
import type { Database } from "../../src/db/schema.ts";
import { seedDemoData } from "../../src/db/seed/demo-data.ts";
import { seedReferenceData } from "../../src/db/seed/reference-data.ts";
import type { DeviceLinkOptions } from "../../src/devices/device-link.ts";
import { createMailTransport } from "../../src/mail/mailer.ts";
import type { Services } from "../../src/services.ts";
import { codeIn, type ReadMail, readMail } from "./mail-reader.ts";
import { loadSeededDatabase } from "./seeded-database.ts";
import { TEST_NOW, TEST_PASSWORD_COST } from "./test-defaults.ts";

/** The portal's address as mails spell it in the tests. */
export const TEST_PUBLIC_URL = "http://vrf.test:8080";

export interface Envelope<T = unknown> {
  errorCode: number;
  code: number;
  msg: string;
  data: T;
}

/**
 * A fresh app on a fresh database: in-memory PGlite, or, when TEST_DATABASE_URL
 * is set, a schema of its own on that PostgreSQL server (dropped afterwards).
 */
export async function createTestApp(
  options: {
    limits?: Parameters<typeof buildApp>[0]["limits"];
    /** TRUST_PROXY; off (the socket peer is the client) unless a test sets it. */
    trustProxy?: Parameters<typeof buildApp>[0]["trustProxy"];
    /** Shared counters in Redis, under a prefix of the test's own. */
    redis?: { url: string; prefix: string };
    /** log2 of scrypt's N for the demo accounts and the app (cheap by default). */
    passwordCost?: number;
    /** Log lines go here (tests check what is written to the log), at `logLevel` (info by default). */
    logStream?: NodeJS.WritableStream;
    logLevel?: "info" | "debug";
    /** SMTP_URL of a real server the test runs; without it mails are .eml files in `outbox`. */
    smtpUrl?: string;
    /** A built web app (or a stand-in folder) to serve at `/`. */
    webDist?: string;
    /** PostgreSQL pool sizes and statement timeouts (TEST_DATABASE_URL only). */
    database?: Pick<
      OpenDbOptions,
      "poolSize" | "reportPoolSize" | "statementTimeoutMs" | "reportStatementTimeoutMs" | "preparedStatements"
    >;
    /** Run the device link on an embedded broker (a free port); its timers stay off, tests drive them. */
    deviceLink?: boolean | Partial<DeviceLinkOptions>;
    /** SESSION_CACHE_MS (the app's default unless given). */
    sessionCacheMs?: number;
    /** GEOCODER_URL: a geocoder the test runs (the place search is off without it). */
    geocoderUrl?: string;
    /** Each kind's largest software package (the app's defaults unless given). */
    packageMaxBytes?: { pc: number; firmware: number };
    /** MQTT_HTTP_AUTH_TOKEN and MQTT_URL's user: EMQX's authentication routes (off unless given). */
    brokerAuth?: Parameters<typeof buildApp>[0]["brokerAuth"];
    /** Routes a test adds before the app is ready (to exercise shared plumbing). */
    extraRoutes?: (app: FastifyInstance, services: Services) => void;
  } = {},
) {
  const databaseUrl = process.env.TEST_DATABASE_URL || undefined;
  const schema = databaseUrl ? `t_${randomBytes(6).toString("hex")}` : undefined;
  if (databaseUrl && schema) {
    const client = new pg.Client({ connectionString: databaseUrl });
    await client.connect();
    await client.query(`CREATE SCHEMA ${schema}`);
    await client.end();
  }
  const clock = manualClock(TEST_NOW);
  const passwordCost = options.passwordCost ?? TEST_PASSWORD_COST;
  // On PGlite, the run's seeded database when it holds what this app wants (global-setup.ts).
  const seeded = databaseUrl ? null : inject("seededDatabase");
  const fromSeeded = seeded?.passwordCost === passwordCost && seeded.now === TEST_NOW.toISOString() ? seeded : null;
  const db = openDb({
    databaseUrl,
    schema,
    ...options.database,
    ...(fromSeeded ? { loadDataDir: await loadSeededDatabase(fromSeeded) } : {}),
  });
  if (!fromSeeded) {
    await withSchemaLock(databaseUrl, "shared", () => migrateToLatest(db, { schema }));
    await seedReferenceData(db);
    await seedDemoData(db, { passwordCost, now: clock.now() });
  }

  const outboxDir = await mkdtemp(join(tmpdir(), "vrf-outbox-"));
  const packagesDir = await mkdtemp(join(tmpdir(), "vrf-packages-"));
  const app = await buildApp({
    db,
    clock,
    passwordCost,
    mailer: (log) =>
      createMailTransport({ smtpUrl: options.smtpUrl, from: "VRF Cloud <test@vrf.local>", outboxDir, log }),
    publicUrl: TEST_PUBLIC_URL,
    geocoderUrl: options.geocoderUrl,
    limits: options.limits ?? {
      global: { max: 10_000, timeWindow: "1 minute" },
      strict: { max: 10_000, timeWindow: "1 minute" },
      repairIntake: {
        perSerial: { max: 10_000, windowMs: 60 * 60_000 },
        perAddress: { max: 10_000, windowMs: 60 * 60_000 },
      },
    },
    trustProxy: options.trustProxy,
    ...(options.sessionCacheMs !== undefined ? { sessionCacheMs: options.sessionCacheMs } : {}),
    ...(options.logStream ? { logStream: options.logStream, logLevel: options.logLevel ?? "info" } : {}),
    redisUrl: options.redis?.url,
    rateLimitPrefix: options.redis?.prefix,
    webDist: options.webDist,
    softwarePackages: { dir: packagesDir, maxBytes: options.packageMaxBytes },
    brokerAuth: options.brokerAuth,
    deviceLink: options.deviceLink
      ? {
          broker: { embedded: { host: "127.0.0.1", port: 0 } },
          databaseUrl,
          eventsChannel: schema ? `vrf_device_events_${schema}` : undefined,
          timers: false,
          ...(options.deviceLink === true ? {} : options.deviceLink),
        }
      : undefined,
  });
  options.extraRoutes?.(app, app.services);
  await app.ready();

  const send = async <T>(method: "GET" | "POST", url: string, payload?: unknown, token?: string) => {
    const response = await app.inject({
      method,
      url,
      ...(method === "GET"
        ? {
            query: Object.fromEntries(
              Object.entries((payload ?? {}) as Record<string, unknown>).map(([k, v]) => [k, String(v)]),
            ),
          }
        : { payload: payload as object }),
      headers: token ? { authorization: `Bearer ${token}` } : {},
    });
    return { status: response.statusCode, body: response.json() as Envelope<T> };
  };

  const outbox = {
    async messages(): Promise<ReadMail[]> {
      const files = (await readdir(outboxDir)).sort();
      return Promise.all(files.map(async (f) => readMail(await readFile(join(outboxDir, f)))));
    },
    /** The six-digit code of the newest mail to `email`. */
    async latestCode(email: string): Promise<string> {
      const wanted = email.toLowerCase();
      const last = (await this.messages()).filter((m) => m.to.toLowerCase().includes(wanted)).at(-1);
      const code = last && codeIn(last.text);
      if (!code) throw new Error(`no code mailed to ${email}`);
      return code;
    },
  };

  return {
    app,
    db,
    clock,
    outbox,
    /** Where the app keeps software packages' files. */
    packagesDir,
    post: <T = unknown>(url: string, body?: unknown, token?: string) => send<T>("POST", url, body, token),
    get: <T = unknown>(url: string, query?: Record<string, unknown>, token?: string) =>
      send<T>("GET", url, query, token),

    async login(email: string, password = "Demo1234") {
      const res = await send<{ accessToken: string; customerId: string }>("POST", "/account/acc/login_pwd", {
        email,
        password,
      });
      if (res.body.errorCode !== 0) throw new Error(`login failed: ${JSON.stringify(res.body)}`);
      return res.body.data;
    },

    /** Signs in and opens a module session; returns the module token. */
    async moduleToken(email: string, authorityNum: 2 | 5, password = "Demo1234") {
      const { accessToken } = await this.login(email, password);
      const res = await send<{ token: string }>("POST", "/hmt-web/himit-checker/sys/login", {
        accessToken,
        authorityNum,
      });
      if (res.body.errorCode !== 0) throw new Error(`module login failed: ${JSON.stringify(res.body)}`);
      return res.body.data.token;
    },

    async count(table: keyof Database) {
      const row = await db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      return Number(row.n);
    },

    async close() {
      await app.close();
      await db.destroy();
      await rm(outboxDir, { recursive: true, force: true });
      await rm(packagesDir, { recursive: true, force: true });
      if (databaseUrl && schema) {
        await withSchemaLock(databaseUrl, "exclusive", async (client) => {
          await client?.query(`DROP SCHEMA ${schema} CASCADE`);
        });
      }
    },
  };
}

// Migrating reads the catalogue of every schema (Kysely's introspector lists all tables), so a
// schema another test file drops at that moment fails it with "schema … does not exist". Test
// files migrate side by side under a shared advisory lock; a drop waits for them.
const SCHEMA_LOCK = 726_001;

export async function withSchemaLock<T>(
  databaseUrl: string | undefined,
  mode: "shared" | "exclusive",
  work: (client: pg.Client | undefined) => Promise<T>,
): Promise<T> {
  if (!databaseUrl) return work(undefined);
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  try {
    await client.query(mode === "shared" ? "SELECT pg_advisory_lock_shared($1)" : "SELECT pg_advisory_lock($1)", [
      SCHEMA_LOCK,
    ]);
    return await work(client);
  } finally {
    // Ending the session releases the lock.
    await client.end();
  }
}

export type TestApp = Awaited<ReturnType<typeof createTestApp>>;
