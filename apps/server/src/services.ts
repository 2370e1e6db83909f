import type { TPackageKind } from "@vrf/contract/hi-checker/software-packages.ts";
import { SOCKET_IDLE_CLOSE_MS } from "@vrf/contract/live.ts";
import type { Redis } from "ioredis";
import type { Clock } from "./clock.ts";
import { createDataVersions } from "./db/data-versions.ts";
import type { Db } from "./db/open.ts";
import { createDeviceDirectoryRepository } from "./devices/device-directory.repository.ts";
import type { TrafficCounters } from "./devices/traffic-counters.ts";
import { createLiveHub } from "./live/live-hub.ts";
import type { MailOutbox } from "./mail/mail-outbox.ts";
import { createAccountRepository } from "./modules/account/account.repository.ts";
import { createAccountService } from "./modules/account/account.service.ts";
import { createMailboxCodeRepository } from "./modules/account/mailbox-code.repository.ts";
import { createMailboxCodeService } from "./modules/account/mailbox-code.service.ts";
import { createAgencyService } from "./modules/agency/agency.service.ts";
import { createAnnouncementRepository } from "./modules/announcements/announcement.repository.ts";
import { type BrokerUser, createBrokerAuthService } from "./modules/broker-auth/broker-auth.service.ts";
import { type ClientErrorLimits, createClientErrorService } from "./modules/client-errors/client-errors.service.ts";
import { createDeviceDeadLetterService } from "./modules/device-dead-letters/device-dead-letters.service.ts";
import { createDeviceImportRepository } from "./modules/device-import/device-import.repository.ts";
import { createDeviceImportService } from "./modules/device-import/device-import.service.ts";
import { createDeviceCommandRepository } from "./modules/device-link/device-commands.repository.ts";
import { type CommandLink, createDeviceCommandService } from "./modules/device-link/device-commands.service.ts";
import { createDeviceCredentialRepository } from "./modules/device-link/device-credentials.repository.ts";
import { createDeviceCredentialService } from "./modules/device-link/device-credentials.service.ts";
import { createUnitHistoryRepository } from "./modules/device-link/unit-history.repository.ts";
import { createUnitHistoryService } from "./modules/device-link/unit-history.service.ts";
import { createDevicesService, type DeviceLinkControl } from "./modules/devices/devices.service.ts";
import { createFaultService } from "./modules/faults/faults.service.ts";
import { createRolloutRepository } from "./modules/firmware-rollouts/rollouts.repository.ts";
import { createRolloutService } from "./modules/firmware-rollouts/rollouts.service.ts";
import { createCheckerDashboardRepository } from "./modules/hi-checker/checker-dashboard.repository.ts";
import { createCheckerDashboardService } from "./modules/hi-checker/checker-dashboard.service.ts";
import { createCheckerTaskRepository } from "./modules/hi-checker/checker-tasks.repository.ts";
import { createCheckerTaskService } from "./modules/hi-checker/checker-tasks.service.ts";
import { createTaskDataRepository } from "./modules/hi-checker/task-data.repository.ts";
import { createTaskDataService } from "./modules/hi-checker/task-data.service.ts";
import { createTaskReportRepository } from "./modules/hi-checker/task-reports.repository.ts";
import { createTaskReportService } from "./modules/hi-checker/task-reports.service.ts";
import { createLanguageRepository } from "./modules/language/language.repository.ts";
import { createLoginLogRepository } from "./modules/login-log/login-log.repository.ts";
import { createPlaceSearchService } from "./modules/place-search/place-search.service.ts";
import { createPrivacyRepository } from "./modules/privacy/privacy.repository.ts";
import { createNotificationSettingsRepository } from "./modules/profile/notification-settings.repository.ts";
import { createProfileRepository } from "./modules/profile/profile.repository.ts";
import { createProfileService } from "./modules/profile/profile.service.ts";
import { createUserSettingsRepository } from "./modules/profile/user-settings.repository.ts";
import { createUserSettingsService } from "./modules/profile/user-settings.service.ts";
import { createProjectsService } from "./modules/projects/projects.service.ts";
import { createRepairReportServices } from "./modules/repair-reports/repair-report-services.ts";
import type { IntakeLimits } from "./modules/repair-reports/repair-reports.service.ts";
import { createScopeRepository } from "./modules/scope/scope.repository.ts";
import { createScopeService } from "./modules/scope/scope.service.ts";
import { createSecurityEventService } from "./modules/security-events/security-events.service.ts";
import { createMenuRepository } from "./modules/session/menu.repository.ts";
import { createModuleSessionService } from "./modules/session/module-session.service.ts";
import { createSessionRepository } from "./modules/session/session.repository.ts";
import { createSessionService } from "./modules/session/session.service.ts";
import { createPackageStore } from "./modules/software-packages/package-store.ts";
import { createSoftwarePackageRepository } from "./modules/software-packages/software-packages.repository.ts";
import { createSoftwarePackageService } from "./modules/software-packages/software-packages.service.ts";
import { createSubDistributorService } from "./modules/sub-distributors/sub-distributors.service.ts";
import { createTeamService } from "./modules/team/team.service.ts";
import { createTeamJoinService } from "./modules/team/team-join.service.ts";
import { createMemoryLimiter, createRedisLimiter } from "./rate/limiter.ts";

export interface RateLimits {
  /** Per client address, every route. */
  global: { max: number; timeWindow: string };
  /** Per client address, sign-in and e-mail-code routes. */
  strict: { max: number; timeWindow: string };
  /** Public repair-report intake, per serial number and per address (`services.limiter`). */
  repairIntake: IntakeLimits;
  /** The web app's error reports, per address and per sign-in (`services.limiter`). */
  clientErrors: ClientErrorLimits;
}

export interface ServiceDeps {
  db: Db;
  /** The durable mail outbox; services send through its mailer. */
  mailOutbox: MailOutbox;
  clock: Clock;
  passwordCost: number;
  limits: RateLimits;
  /** REDIS_URL's client: per-target counters shared by every instance; without it, per process. */
  redis?: { client: Redis; keyPrefix: string; onError?: (error: unknown) => void } | undefined;
  /** MAP_TILE_URL: the project map's tile server, if the deployment has one. */
  mapTileUrl?: string | undefined;
  /** GEOCODER_URL: the location picker's place search, if the deployment has a geocoder. */
  geocoderUrl?: string | undefined;
  publicUrl?: string | undefined;
  /** Where checkers reach this server over HTTP (firmware downloads). */
  deviceBaseUrl?: () => string;
  sessionCacheMs?: number | undefined;
  /** Where software packages' files are kept (DATA_DIR/packages) and how large each kind may be. */
  softwarePackages: SoftwarePackageOptions;
  /** EMQX's HTTP authentication (modules/broker-auth): the portal's broker user, where refusals are counted and logged. */
  brokerAuth?: {
    portalUser?: BrokerUser | undefined;
    counters: () => TrafficCounters | null | undefined;
    log: { warn: (fields: Record<string, unknown>, message: string) => void };
  };
}

export interface SoftwarePackageOptions {
  dir: string;
  maxBytes?: Record<TPackageKind, number> | undefined;
}

/** Wires repositories (SQL) into services (rules); routes receive the result. */
export function createServices(deps: ServiceDeps) {
  const { db, mailOutbox, clock, passwordCost, limits } = deps;
  const { mailer } = mailOutbox;
  // Per-target limits (a serial number, an address, an account): hit(key, max, windowMs).
  const localLimiter = createMemoryLimiter(() => clock.now().getTime());
  const limiter = deps.redis
    ? createRedisLimiter({
        redis: deps.redis.client,
        keyPrefix: deps.redis.keyPrefix,
        fallback: localLimiter,
        onError: deps.redis.onError,
      })
    : localLimiter;
  const accounts = createAccountRepository(db);
  const loginLogs = createLoginLogRepository(db);
  const securityEvents = createSecurityEventService({ db, clock });
  const sessions = createSessionService({
    sessions: createSessionRepository(db),
    clock,
    ...(deps.sessionCacheMs !== undefined ? { cacheMs: deps.sessionCacheMs } : {}),
  });
  const mailboxCodes = createMailboxCodeService({ codes: createMailboxCodeRepository(db), accounts, mailer, clock });
  const teamJoin = createTeamJoinService({ db, clock, sessions, codes: mailboxCodes, securityEvents });
  // Filled in by the device link once it runs (app.ts); commands answer brokerUnavailable until then.
  const deviceLink: { current: (CommandLink & DeviceLinkControl) | null } = { current: null };
  const deviceImport = createDeviceImportService({ imports: createDeviceImportRepository(db), clock });
  const packageStore = createPackageStore(deps.softwarePackages.dir);
  // One per process: the kept answers and the map share its reads (db/data-versions.ts).
  const dataVersions = createDataVersions(db);
  return {
    db,
    clock,
    mailer,
    mailOutbox,
    limits,
    limiter,
    publicUrl: deps.publicUrl,
    accounts,
    loginLogs,
    sessions,
    mailboxCodes,
    account: createAccountService({
      db,
      accounts,
      codes: mailboxCodes,
      sessions,
      loginLogs,
      mailer,
      clock,
      passwordCost,
      securityEvents,
      team: teamJoin,
    }),
    moduleSessions: createModuleSessionService({
      sessions,
      accounts,
      menus: createMenuRepository(db),
      securityEvents,
    }),
    profiles: createProfileService({ profiles: createProfileRepository(db), clock }),
    notificationSettings: createNotificationSettingsRepository(db),
    userSettings: createUserSettingsService({ settings: createUserSettingsRepository(db), clock }),
    privacy: createPrivacyRepository(db),
    languages: createLanguageRepository(db),
    announcements: createAnnouncementRepository(db),
    scope: createScopeService({ scopes: createScopeRepository(db) }),
    // Distributor Cloud services (one line per domain).
    deviceImport: {
      ...deviceImport,
      // Imported devices' passwords exist only in this answer: a broker that keeps accounts gets them here.
      async commit(...args: Parameters<typeof deviceImport.commit>) {
        const result = await deviceImport.commit(...args);
        for (const { username, password } of result.credentials) deviceLink.current?.issued(username, password);
        return result;
      },
    },
    repairReports: createRepairReportServices({
      db,
      mailer,
      clock,
      publicUrl: deps.publicUrl,
      limiter,
      intakeLimits: limits.repairIntake,
    }),
    faults: createFaultService({ db, clock }),
    agency: createAgencyService({ db, clock }),
    projects: createProjectsService({
      db,
      clock,
      mapTileUrl: deps.mapTileUrl,
      geocoderUrl: deps.geocoderUrl,
    }),
    placeSearch: createPlaceSearchService({
      geocoderUrl: deps.geocoderUrl,
      publicUrl: deps.publicUrl,
      limiter,
      clock,
    }),
    subDistributors: createSubDistributorService({ db, clock, securityEvents, mailer, publicUrl: deps.publicUrl }),
    team: createTeamService({ db, clock, sessions, mailer, securityEvents, publicUrl: deps.publicUrl }),
    teamJoin,
    devices: createDevicesService({ db, clock, securityEvents, link: () => deviceLink.current }),
    deviceLink,
    deviceCommands: createDeviceCommandService({
      commands: createDeviceCommandRepository(db),
      clock,
      link: () => deviceLink.current,
    }),
    deviceCredentials: createDeviceCredentialService({
      credentials: createDeviceCredentialRepository(db),
      clock,
      securityEvents,
      revoke: (serial) => deviceLink.current?.revoke(serial),
      issued: (serial, password) => deviceLink.current?.issued(serial, password),
    }),
    unitHistory: createUnitHistoryService({ history: createUnitHistoryRepository(db), clock }),
    checkerDashboard: createCheckerDashboardService({ dashboard: createCheckerDashboardRepository(db), clock }),
    taskData: createTaskDataService({
      tasks: createCheckerTaskRepository(db),
      data: createTaskDataRepository(db),
      clock,
    }),
    taskReports: createTaskReportService({
      tasks: createCheckerTaskRepository(db),
      reports: createTaskReportRepository(db),
      clock,
    }),
    checkerTasks: createCheckerTaskService({
      db,
      tasks: createCheckerTaskRepository(db),
      commands: createDeviceCommandRepository(db),
      clock,
      link: () => deviceLink.current,
    }),
    softwarePackages: createSoftwarePackageService({
      packages: createSoftwarePackageRepository(db),
      store: packageStore,
      clock,
      maxBytes: deps.softwarePackages.maxBytes,
    }),
    rollouts: createRolloutService({
      db,
      rollouts: createRolloutRepository(db),
      commands: createDeviceCommandRepository(db),
      clock,
      link: () => deviceLink.current,
      deviceBaseUrl: deps.deviceBaseUrl ?? (() => deps.publicUrl ?? "http://127.0.0.1"),
      store: packageStore,
    }),
    securityEvents,
    clientErrors: createClientErrorService({ db, clock, limiter, limits: limits.clientErrors }),
    deviceDeadLetters: createDeviceDeadLetterService({ db }),
    brokerAuth: createBrokerAuthService({
      devices: createDeviceDirectoryRepository(db),
      portalUser: deps.brokerAuth?.portalUser,
      counters: deps.brokerAuth?.counters ?? (() => null),
      log: deps.brokerAuth?.log ?? { warn: () => {} },
      now: () => clock.now().getTime(),
    }),
    dataVersions,
    live: createLiveHub({ idleCloseMs: SOCKET_IDLE_CLOSE_MS, now: () => clock.now().getTime() }),
  };
}

export type Services = ReturnType<typeof createServices>;
