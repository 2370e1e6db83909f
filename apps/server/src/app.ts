import { existsSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { constants as zlibConstants } from "node:zlib";
import compress from "@fastify/compress";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import { Errors } from "@vrf/contract/errors.ts";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { validatorCompiler } from "fastify-type-provider-zod";
import { type Clock, systemClock } from "./clock.ts";
import type { Db } from "./db/open.ts";
import { createDeviceLink, type DeviceLink, type DeviceLinkOptions } from "./devices/device-link.ts";
import liveRoutes from "./live/live.routes.ts";
import { RequestLogsAtDebug } from "./logging/request-log-controller.ts";
import { createMailOutbox } from "./mail/mail-outbox.ts";
import type { MailTransport } from "./mail/mailer.ts";
import accountRoutes from "./modules/account/account.routes.ts";
import { DEFAULT_COST } from "./modules/account/password-hash.ts";
import agencyRoutes from "./modules/agency/agency.routes.ts";
import announcementRoutes from "./modules/announcements/announcement.routes.ts";
import brokerAuthRoutes from "./modules/broker-auth/broker-auth.routes.ts";
import type { BrokerUser } from "./modules/broker-auth/broker-auth.service.ts";
import clientErrorRoutes from "./modules/client-errors/client-errors.routes.ts";
import { scheduleClientErrorPruning } from "./modules/client-errors/client-errors.schedule.ts";
import { CLIENT_ERROR_LIMITS_DEFAULT } from "./modules/client-errors/client-errors.service.ts";
import deviceDeadLetterRoutes from "./modules/device-dead-letters/device-dead-letters.routes.ts";
import deviceImportRoutes from "./modules/device-import/device-import.routes.ts";
import deviceLinkRoutes from "./modules/device-link/device-link.routes.ts";
import deviceRoutes from "./modules/devices/devices.routes.ts";
import faultRoutes from "./modules/faults/faults.routes.ts";
import rolloutRoutes from "./modules/firmware-rollouts/rollouts.routes.ts";
import hiCheckerRoutes from "./modules/hi-checker/hi-checker.routes.ts";
import languageRoutes from "./modules/language/language.routes.ts";
import loginLogRoutes from "./modules/login-log/login-log.routes.ts";
import { scheduleDailyFaultReports } from "./modules/notifications/daily-fault-report.schedule.ts";
import placeSearchRoutes from "./modules/place-search/place-search.routes.ts";
import privacyRoutes from "./modules/privacy/privacy.routes.ts";
import profileRoutes from "./modules/profile/profile.routes.ts";
import projectRoutes from "./modules/projects/projects.routes.ts";
import repairReportRoutes from "./modules/repair-reports/repair-reports.routes.ts";
import { INTAKE_LIMITS } from "./modules/repair-reports/repair-reports.service.ts";
import scopeRoutes from "./modules/scope/scope.routes.ts";
import securityEventRoutes from "./modules/security-events/security-events.routes.ts";
import moduleSessionRoutes from "./modules/session/module-session.routes.ts";
import softwarePackageRoutes from "./modules/software-packages/software-packages.routes.ts";
import subDistributorRoutes from "./modules/sub-distributors/sub-distributors.routes.ts";
import teamRoutes from "./modules/team/team.routes.ts";
import { registerApiDocs } from "./plugins/api-docs.ts";
import { isReadOnlyRequest, registerCancelOnDisconnect } from "./plugins/cancel-on-disconnect.ts";
import { registerErrorEnvelope, sendError } from "./plugins/error-envelope.ts";
import { registerDeviceLinkStats, registerHealth } from "./plugins/health.ts";
import { createKeptAnswers } from "./plugins/kept-answers.ts";
import { REDACTED_PATHS, requestLogSerializer } from "./plugins/log-redaction.ts";
import { checkResponsesByDefault, createResponseSerializerCompiler } from "./plugins/response-serializer.ts";
import { registerSecurityHeaders } from "./plugins/security-headers.ts";
import { isWebAppRequest, registerStaticWeb } from "./plugins/static-web.ts";
import { closeRateLimitRedis, DEFAULT_RATE_LIMIT_PREFIX, openRateLimitRedis } from "./rate/redis.ts";
import { createServices, type RateLimits, type Services, type SoftwarePackageOptions } from "./services.ts";
import { fastifyTrustProxy, type TrustProxy } from "./trust-proxy.ts";

export interface AppOptions {
  db: Db;
  /** How mails leave the outbox (SMTP, .eml files), or a factory that receives the app's logger. */
  mailer: MailTransport | ((log: FastifyBaseLogger) => MailTransport);
  clock?: Clock;
  /** log2 of scrypt's N; tests lower it, production keeps OWASP's 17. */
  passwordCost?: number;
  limits?: Partial<RateLimits>;
  /** Built web app to serve at `/`; skipped when absent. */
  webDist?: string;
  logLevel?: string;
  /** Where log lines go (stdout by default); tests read them to check what is logged. */
  logStream?: NodeJS.WritableStream;
  /** MAP_TILE_URL, handed to the project map. */
  mapTileUrl?: string | undefined;
  /** GEOCODER_URL: the place search of the location picker asks it (modules/place-search). */
  geocoderUrl?: string | undefined;
  /** Where users reach the portal; mails link to pages under it. */
  publicUrl?: string | undefined;
  /** TRUST_PROXY: whose X-Forwarded-For decides `request.ip`. Off unless given. */
  trustProxy?: TrustProxy | undefined;
  /** REDIS_URL: rate-limit counters shared by every instance; per process without it. */
  redisUrl?: string | undefined;
  /** Prefix of the counters' Redis keys; tests use one of their own. */
  rateLimitPrefix?: string | undefined;
  /**
   * Encode every answer through its zod contract as well as the compiled serializer, and refuse
   * one that does not match (plugins/response-serializer.ts). On when NODE_ENV is test or development.
   */
  checkResponses?: boolean;
  /** SESSION_CACHE_MS: how long a session lookup may answer calls that only read (session-cache.ts). */
  sessionCacheMs?: number | undefined;
  /**
   * Software packages' files (DATA_DIR/packages) and each kind's largest file. Absent: a folder of
   * this process under the system's temporary folder (tools that never keep a package).
   */
  softwarePackages?: SoftwarePackageOptions | undefined;
  /** The device link (MQTT): which broker, and how. Absent: no device traffic (most API tests). */
  deviceLink?: DeviceLinkOptions | undefined;
  /** METRICS_TOKEN: opens the device traffic counts (plugins/health.ts); without it they are not served. */
  metricsToken?: string | undefined;
  /**
   * MQTT_HTTP_AUTH_TOKEN and MQTT_URL's user: EMQX's HTTP authenticator and authorizer
   * (modules/broker-auth), served only with a token; the portal's user is its superuser.
   */
  brokerAuth?: { token: string; portalUser?: BrokerUser | undefined } | undefined;
}

export const DEFAULT_LIMITS: RateLimits = {
  global: { max: 600, timeWindow: "1 minute" },
  strict: { max: 30, timeWindow: "1 minute" },
  repairIntake: INTAKE_LIMITS,
  clientErrors: CLIENT_ERROR_LIMITS_DEFAULT,
};

/** http://host:port of the server's socket (a wildcard address as the loopback). */
const listeningUrl = (app: FastifyInstance): string => {
  const address = app.server.address();
  if (address === null || typeof address === "string") return "http://127.0.0.1";
  const host = address.address === "0.0.0.0" || address.address === "::" ? "127.0.0.1" : address.address;
  return `http://${host.includes(":") ? `[${host}]` : host}:${address.port}`;
};

export async function buildApp(
  options: AppOptions,
): Promise<FastifyInstance & { services: Services; deviceLink: DeviceLink | null }> {
  const app = Fastify({
    logger: {
      level: options.logLevel ?? "silent",
      redact: REDACTED_PATHS,
      serializers: { req: requestLogSerializer },
      ...(options.logStream ? { stream: options.logStream } : {}),
    },
    // Fastify's line per request is written at debug, not info (logging/request-log-controller.ts).
    logController: new RequestLogsAtDebug(),
    bodyLimit: 1024 * 1024,
    // X-Forwarded-For only from the configured proxies: believed from anyone, it would let each
    // request claim a new address and so escape every per-address limit and falsify the sign-in log.
    trustProxy: fastifyTrustProxy(options.trustProxy ?? false),
  });
  app.setValidatorCompiler(validatorCompiler);
  // Compiled per route (fast-json-stringify): only contract fields are written.
  app.setSerializerCompiler(
    createResponseSerializerCompiler({ check: options.checkResponses ?? checkResponsesByDefault(), log: app.log }),
  );
  registerErrorEnvelope(app);
  // First of the request hooks, so every statement of a request, its session lookup included, is its own.
  registerCancelOnDisconnect(app);

  const rateLimitPrefix = options.rateLimitPrefix ?? DEFAULT_RATE_LIMIT_PREFIX;
  const redis = options.redisUrl ? await openRateLimitRedis(options.redisUrl, app.log) : undefined;
  if (redis) app.addHook("onClose", async () => closeRateLimitRedis(redis));

  const services = createServices({
    db: options.db,
    mailOutbox: createMailOutbox({
      db: options.db,
      clock: options.clock ?? systemClock,
      transport: typeof options.mailer === "function" ? options.mailer(app.log) : options.mailer,
      log: app.log,
    }),
    clock: options.clock ?? systemClock,
    passwordCost: options.passwordCost ?? DEFAULT_COST,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    redis: redis && {
      client: redis,
      keyPrefix: rateLimitPrefix,
      // An outage is logged once by the client; this catches failures while connected (timeouts).
      onError: (error: unknown) => {
        if (redis.status === "ready") app.log.warn({ err: error }, "shared rate-limit counter failed: counted here");
      },
    },
    mapTileUrl: options.mapTileUrl,
    geocoderUrl: options.geocoderUrl,
    publicUrl: options.publicUrl,
    // Without PUBLIC_URL (tests, a bare start), checkers fetch firmware where this server listens.
    deviceBaseUrl: () => options.publicUrl ?? listeningUrl(app),
    sessionCacheMs: options.sessionCacheMs,
    softwarePackages: options.softwarePackages ?? { dir: join(tmpdir(), `vrf-packages-${process.pid}`) },
    // EMQX's refusals join the device link's traffic counts once it runs (it is made below).
    brokerAuth: { portalUser: options.brokerAuth?.portalUser, counters: () => deviceLink?.counters, log: app.log },
  });

  registerSecurityHeaders(app, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        // 'self' covers the live socket on the same host (CSP 3 matches ws: and wss: for it).
        connectSrc: ["'self'"],
        scriptSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    ...services.limits.global,
    ...(redis ? { redis, nameSpace: rateLimitPrefix } : {}),
    // Fail open: when Redis cannot answer, the request goes ahead uncounted instead of failing
    // with 500, because an outage of the counter store must not take the portal down. Sign-in
    // keeps its per-account lockout (in the database) and the intake its per-target limits
    // (which fall back to this process's counters), so guessing stays bounded meanwhile.
    skipOnError: true,
    // The web app's files, its shell and their 304s are not counted (see isWebAppRequest).
    allowList: (request) => isWebAppRequest(request),
    errorResponseBuilder: () => {
      const error = new Error("too many requests") as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
  // API answers (JSON lists run to hundreds of kB) leave compressed when the client accepts it.
  // Brotli at quality 4 costs about what gzip does and packs at least as tight; zlib's default
  // of 11 would spend many times the CPU on every answer. The web app's files are compressed
  // once at build time and sent with their Content-Encoding set, which this plugin leaves alone.
  // Request bodies are not inflated: the web app never sends them compressed.
  await app.register(compress, {
    encodings: ["br", "gzip"],
    threshold: 1024,
    brotliOptions: { params: { [zlibConstants.BROTLI_PARAM_QUALITY]: 4 } },
    globalDecompression: false,
  });
  // Filled in below once the device link exists.
  let linkStats: (() => Record<string, unknown>) | null = null;
  registerHealth(app, { db: options.db });
  if (options.metricsToken) {
    registerDeviceLinkStats(app, { token: options.metricsToken, stats: () => linkStats?.() ?? null });
  }
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerApiDocs(app);

  // A call that may have written (a sign-out, a password change, a sub-distributor released) drops
  // every cached session lookup before its answer leaves, so no later call sees the old state.
  app.addHook("onSend", (request, _reply, payload, done) => {
    if (!isReadOnlyRequest(request) && request.method !== "OPTIONS") services.sessions.forgetCachedLookups();
    done(null, payload);
  });

  // Before the modules: their download routes log exports through it.
  app.decorate("securityEvents", services.securityEvents);
  // Before the modules: their list routes keep answers in it.
  app.decorate("keptAnswers", createKeptAnswers({ versions: services.dataVersions, clock: services.clock }));

  for (const routes of [
    accountRoutes,
    moduleSessionRoutes,
    profileRoutes,
    privacyRoutes,
    languageRoutes,
    announcementRoutes,
    loginLogRoutes,
    liveRoutes,
    scopeRoutes,
    agencyRoutes,
    projectRoutes,
    placeSearchRoutes,
    deviceRoutes,
    faultRoutes,
    deviceImportRoutes,
    deviceLinkRoutes,
    deviceDeadLetterRoutes,
    hiCheckerRoutes,
    softwarePackageRoutes,
    rolloutRoutes,
    repairReportRoutes,
    subDistributorRoutes,
    securityEventRoutes,
    clientErrorRoutes,
    teamRoutes,
  ]) {
    await app.register(routes, { services });
  }
  // Answers EMQX, not users: only with MQTT_HTTP_AUTH_TOKEN (an unknown path otherwise).
  if (options.brokerAuth) await app.register(brokerAuthRoutes, { services, token: options.brokerAuth.token });

  scheduleDailyFaultReports(app, services);
  scheduleClientErrorPruning(app, services);
  // Retries what could not be sent at once; stopped (and waited for) before the database closes.
  services.mailOutbox.start();
  app.addHook("onClose", async () => services.mailOutbox.stop());

  if (options.webDist && existsSync(options.webDist)) await registerStaticWeb(app, options.webDist);
  else app.setNotFoundHandler((_request, reply) => sendError(reply, Errors.routeNotFound));

  let deviceLink: DeviceLink | null = null;
  if (options.deviceLink) {
    const link = createDeviceLink({
      db: options.db,
      clock: services.clock,
      live: services.live,
      log: app.log,
      options: options.deviceLink,
      // Commands first: the rollouts' sweep reads which of their commands timed out.
      sweepCommands: async () => {
        await services.deviceCommands.sweepTimeouts();
        await services.rollouts.tick();
      },
    });
    // Started with the app, so a broker that cannot start (port taken) stops the start with its reason.
    app.addHook("onReady", async () => {
      await link.start();
      services.deviceLink.current = link.link;
    });
    app.addHook("onClose", async () => {
      services.deviceLink.current = null;
      await link.stop();
    });
    deviceLink = link;
    linkStats = () => ({ connected: link.gateway?.connected() ?? false, ...link.counters.snapshot() });
  }

  app.addHook("onClose", async () => services.live.closeAll());
  return Object.assign(app, { services, deviceLink }) as unknown as FastifyInstance & {
    services: Services;
    deviceLink: DeviceLink | null;
  };
}
