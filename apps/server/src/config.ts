import { z } from "zod";
import {
  DEFAULT_POOL_SIZE,
  DEFAULT_REPORT_POOL_SIZE,
  DEFAULT_REPORT_STATEMENT_TIMEOUT_MS,
  DEFAULT_STATEMENT_TIMEOUT_MS,
} from "./db/open.ts";
import { brokerUserOf } from "./modules/broker-auth/broker-auth.service.ts";
import { DEFAULT_SESSION_CACHE_MS } from "./modules/session/session-cache.ts";
import { parseTrustProxy, type TrustProxy } from "./trust-proxy.ts";

export const DEFAULT_MQTT_PORT = 18830;

const BROKER_URL_EXPECTED = "expected mqtt://host:port or mqtts://host:port";

/** mqtt:// or mqtts:// with a host: what the device link can connect to. */
const isBrokerUrl = (url: string): boolean => {
  if (!/^mqtts?:\/\//.test(url)) return false;
  try {
    return new URL(url).hostname !== "";
  } catch {
    return false;
  }
};

const ZConfig = z
  .object({
    PORT: z.coerce.number().int().min(0).max(65535).default(8080),
    HOST: z.string().default("0.0.0.0"),
    DATA_DIR: z.string().min(1).default("./data"),
    DATABASE_URL: z.string().url().optional(),
    // PostgreSQL only: PGlite has a single in-process connection.
    DATABASE_POOL_SIZE: z.coerce.number().int().min(1).max(200).default(DEFAULT_POOL_SIZE),
    DATABASE_REPORT_POOL_SIZE: z.coerce.number().int().min(1).max(50).default(DEFAULT_REPORT_POOL_SIZE),
    DATABASE_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_STATEMENT_TIMEOUT_MS),
    DATABASE_REPORT_STATEMENT_TIMEOUT_MS: z.coerce
      .number()
      .int()
      .min(100)
      .max(3_600_000)
      .default(DEFAULT_REPORT_STATEMENT_TIMEOUT_MS),
    // Off for a connection pooler that cannot keep prepared statements (PgBouncer before 1.21 in
    // transaction mode); on otherwise, because planning is most of a page's database time.
    DATABASE_PREPARED_STATEMENTS: z.enum(["on", "off"]).default("on"),
    // How long a session lookup may answer calls that only read, in ms; 0 looks up every call.
    SESSION_CACHE_MS: z.coerce.number().int().min(0).max(60_000).default(DEFAULT_SESSION_CACHE_MS),
    // A malformed URL is refused here, before the database is opened or a connection tried.
    MQTT_URL: z
      .string()
      .url({ abort: true, message: BROKER_URL_EXPECTED })
      .refine(isBrokerUrl, { message: BROKER_URL_EXPECTED })
      .optional(),
    // The embedded broker's port when MQTT_URL is not set. Not 1883, so `npm start` runs beside a
    // Mosquitto that already holds the standard port.
    MQTT_PORT: z.coerce.number().int().min(0).max(65535).default(DEFAULT_MQTT_PORT),
    MQTT_HOST: z.string().optional(),
    // With MQTT_URL: the shared-subscription group, the same for every instance of one deployment.
    MQTT_SHARED_GROUP: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .default("vrf-cloud"),
    // With MQTT_URL on Mosquitto 2: the portal keeps devices' accounts and topic rules in the
    // broker's dynamic-security plugin, signed in as MQTT_URL's user (the plugin's admin).
    MQTT_DYNSEC: z.enum(["on", "off"]).default("off"),
    SMTP_URL: z.string().url().optional(),
    MAIL_FROM: z.string().default("VRF Cloud <no-reply@vrf-cloud.local>"),
    PUBLIC_URL: z.string().url().optional(),
    DEMO: z.enum(["on", "off", "true", "false", "1", "0"]).optional(),
    MAP_TILE_URL: z.string().optional(),
    // A Nominatim-compatible geocoder for the location picker's place search; none without it.
    GEOCODER_URL: z
      .string()
      .url()
      .refine((url) => /^https?:\/\//.test(url), { message: "expected http:// or https://" })
      .optional(),
    LOG_LEVEL: z.enum(["fatal", "error", "warn", "info", "debug", "trace", "silent"]).default("info"),
    // Production writes JSON log lines for a collector; anything else, readable lines and a start banner.
    NODE_ENV: z.string().optional(),
    WEB_DIST: z.string().optional(),
    SHUTDOWN_DRAIN_MS: z.coerce.number().int().min(0).max(600_000).default(10_000),
    TRUST_PROXY: z
      .string()
      .optional()
      .transform((value, ctx): TrustProxy => {
        const parsed = parseTrustProxy(value);
        if (parsed === false || typeof parsed === "number" || Array.isArray(parsed)) return parsed;
        ctx.addIssue({ code: "custom", message: parsed.problem });
        return z.NEVER;
      }),
    // The largest software package of each kind, in MB (modules/software-packages).
    PACKAGE_MAX_PC_MB: z.coerce.number().int().min(1).max(4096).default(500),
    PACKAGE_MAX_FIRMWARE_MB: z.coerce.number().int().min(1).max(1024).default(32),
    // Opens the device traffic counts (GET /metrics/device-link) to `Authorization: Bearer <token>`;
    // without it they are not served. Long enough that guessing it is hopeless.
    METRICS_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,}$/, { message: "expected at least 24 printable characters, no spaces" })
      .optional(),
    // Opens EMQX's HTTP authenticator and authorizer (POST /mqtt/auth, /mqtt/acl) to
    // `Authorization: Bearer <token>`, which EMQX sends as a custom header; not served without it.
    MQTT_HTTP_AUTH_TOKEN: z
      .string()
      .regex(/^[\x21-\x7e]{24,}$/, { message: "expected at least 24 printable characters, no spaces" })
      .optional(),
    REDIS_URL: z
      .string()
      .url()
      .refine((url) => /^rediss?:\/\//.test(url), { message: "expected redis:// or rediss://" })
      .optional(),
  })
  .superRefine((env, ctx) => {
    if (env.MQTT_DYNSEC !== "on") return;
    const message = !env.MQTT_URL
      ? "on needs MQTT_URL (an external Mosquitto 2 with the dynamic-security plugin); the embedded broker checks devices itself"
      : !brokerUserOf(env.MQTT_URL)
        ? "on needs MQTT_URL with the plugin admin's user and password (mqtt://user:password@host:port)"
        : null;
    if (message) ctx.addIssue({ code: "custom", path: ["MQTT_DYNSEC"], message });
  })
  .transform((env) => ({
    port: env.PORT,
    host: env.HOST,
    dataDir: env.DATA_DIR,
    databaseUrl: env.DATABASE_URL,
    poolSize: env.DATABASE_POOL_SIZE,
    reportPoolSize: env.DATABASE_REPORT_POOL_SIZE,
    statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
    reportStatementTimeoutMs: env.DATABASE_REPORT_STATEMENT_TIMEOUT_MS,
    preparedStatements: env.DATABASE_PREPARED_STATEMENTS === "on",
    sessionCacheMs: env.SESSION_CACHE_MS,
    mqttUrl: env.MQTT_URL,
    mqttPort: env.MQTT_PORT,
    mqttHost: env.MQTT_HOST ?? env.HOST,
    mqttSharedGroup: env.MQTT_SHARED_GROUP,
    mqttDynsec: env.MQTT_DYNSEC === "on",
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    publicUrl: env.PUBLIC_URL ?? `http://localhost:${env.PORT}`,
    // Demo data is on by default only with the embedded database: a PostgreSQL deployment opts in.
    demo: env.DEMO === undefined ? env.DATABASE_URL === undefined : ["on", "true", "1"].includes(env.DEMO),
    mapTileUrl: env.MAP_TILE_URL,
    geocoderUrl: env.GEOCODER_URL,
    logLevel: env.LOG_LEVEL,
    production: env.NODE_ENV === "production",
    webDist: env.WEB_DIST,
    shutdownDrainMs: env.SHUTDOWN_DRAIN_MS,
    trustProxy: env.TRUST_PROXY,
    packageMaxBytes: {
      pc: env.PACKAGE_MAX_PC_MB * 1024 * 1024,
      firmware: env.PACKAGE_MAX_FIRMWARE_MB * 1024 * 1024,
    },
    // Shared rate-limit counters; without it each process counts on its own.
    redisUrl: env.REDIS_URL,
    metricsToken: env.METRICS_TOKEN,
    mqttHttpAuthToken: env.MQTT_HTTP_AUTH_TOKEN,
  }));

export type Config = z.output<typeof ZConfig>;

/**
 * A setting the server cannot start with; its message names the key first (`MQTT_URL: …`), and
 * the start prints it as one line, without a stack trace (main.ts).
 */
export class ConfigError extends Error {
  override name = "ConfigError";
}

/** Parses the environment once; a bad value stops the start with every offending key named. */
export const loadConfig = (env: NodeJS.ProcessEnv = process.env): Config => {
  const parsed = ZConfig.safeParse(env);
  if (!parsed.success) {
    throw new ConfigError(parsed.error.issues.map((i) => `${i.path.join(".")}: ${i.message}`).join("; "));
  }
  return parsed.data;
};
