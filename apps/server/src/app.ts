import { existsSync } from "node:fs";
import helmet from "@fastify/helmet";
import rateLimit from "@fastify/rate-limit";
import websocket from "@fastify/websocket";
import { Errors } from "@vrf/contract/errors.ts";
import Fastify, { type FastifyBaseLogger, type FastifyInstance } from "fastify";
import { serializerCompiler, validatorCompiler } from "fastify-type-provider-zod";
import { type Clock, systemClock } from "./clock.ts";
import type { Db } from "./db/open.ts";
import liveRoutes from "./live/live.routes.ts";
import type { Mailer } from "./mail/mailer.ts";
import accountRoutes from "./modules/account/account.routes.ts";
import { DEFAULT_COST } from "./modules/account/password-hash.ts";
import agencyRoutes from "./modules/agency/agency.routes.ts";
import announcementRoutes from "./modules/announcements/announcement.routes.ts";
import deviceImportRoutes from "./modules/device-import/device-import.routes.ts";
import deviceRoutes from "./modules/devices/devices.routes.ts";
import faultRoutes from "./modules/faults/faults.routes.ts";
import languageRoutes from "./modules/language/language.routes.ts";
import loginLogRoutes from "./modules/login-log/login-log.routes.ts";
import { scheduleDailyFaultReports } from "./modules/notifications/daily-fault-report.schedule.ts";
import privacyRoutes from "./modules/privacy/privacy.routes.ts";
import profileRoutes from "./modules/profile/profile.routes.ts";
import projectRoutes from "./modules/projects/projects.routes.ts";
import repairReportRoutes from "./modules/repair-reports/repair-reports.routes.ts";
import scopeRoutes from "./modules/scope/scope.routes.ts";
import moduleSessionRoutes from "./modules/session/module-session.routes.ts";
import subDistributorRoutes from "./modules/sub-distributors/sub-distributors.routes.ts";
import { registerApiDocs } from "./plugins/api-docs.ts";
import { registerErrorEnvelope, sendError } from "./plugins/error-envelope.ts";
import { registerStaticWeb } from "./plugins/static-web.ts";
import { createServices, type RateLimits, type Services } from "./services.ts";

export interface AppOptions {
  db: Db;
  /** A mailer, or a factory that receives the app's logger. */
  mailer: Mailer | ((log: FastifyBaseLogger) => Mailer);
  clock?: Clock;
  /** log2 of scrypt's N; tests lower it, production keeps OWASP's 17. */
  passwordCost?: number;
  limits?: Partial<RateLimits>;
  /** Built web app to serve at `/`; skipped when absent. */
  webDist?: string;
  logLevel?: string;
  /** MAP_TILE_URL, handed to the project map. */
  mapTileUrl?: string | undefined;
  /** Where users reach the portal; mails link to pages under it. */
  publicUrl?: string | undefined;
}

export const DEFAULT_LIMITS: RateLimits = {
  global: { max: 600, timeWindow: "1 minute" },
  strict: { max: 30, timeWindow: "1 minute" },
};

export async function buildApp(options: AppOptions): Promise<FastifyInstance & { services: Services }> {
  const app = Fastify({
    logger: { level: options.logLevel ?? "silent", redact: ["req.headers.authorization", "req.body.password"] },
    bodyLimit: 1024 * 1024,
    // Behind a load balancer the client address comes from X-Forwarded-For.
    trustProxy: true,
  });
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorEnvelope(app);

  const services = createServices({
    db: options.db,
    mailer: typeof options.mailer === "function" ? options.mailer(app.log) : options.mailer,
    clock: options.clock ?? systemClock,
    passwordCost: options.passwordCost ?? DEFAULT_COST,
    limits: { ...DEFAULT_LIMITS, ...options.limits },
    mapTileUrl: options.mapTileUrl,
    publicUrl: options.publicUrl,
  });

  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // Ant Design writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", "data:", "blob:", "https:"],
        connectSrc: ["'self'", "ws:", "wss:"],
        scriptSrc: ["'self'"],
      },
    },
  });
  await app.register(rateLimit, {
    ...services.limits.global,
    errorResponseBuilder: () => {
      const error = new Error("too many requests") as Error & { statusCode: number };
      error.statusCode = 429;
      return error;
    },
  });
  await app.register(websocket, { options: { maxPayload: 64 * 1024 } });
  await registerApiDocs(app);

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
    deviceRoutes,
    faultRoutes,
    deviceImportRoutes,
    repairReportRoutes,
    subDistributorRoutes,
  ]) {
    await app.register(routes, { services });
  }

  scheduleDailyFaultReports(app, services);

  if (options.webDist && existsSync(options.webDist)) await registerStaticWeb(app, options.webDist);
  else app.setNotFoundHandler((_request, reply) => sendError(reply, Errors.routeNotFound));

  app.addHook("onClose", async () => services.live.closeAll());
  return Object.assign(app, { services }) as unknown as FastifyInstance & { services: Services };
}
