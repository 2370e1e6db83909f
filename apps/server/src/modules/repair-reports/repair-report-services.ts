import type { Clock } from "../../clock.ts";
import type { Db } from "../../db/open.ts";
import type { Mailer } from "../../mail/mailer.ts";
import type { Limiter } from "../../rate/limiter.ts";
import { createDailyFaultReportService } from "../notifications/daily-fault-report.service.ts";
import { createNotificationRepository } from "../notifications/notification.repository.ts";
import { createRepairNoticeService } from "../notifications/repair-notice.service.ts";
import { createScopeRepository } from "../scope/scope.repository.ts";
import { createScopeService } from "../scope/scope.service.ts";
import { createRepairReportRepository } from "./repair-reports.repository.ts";
import { createRepairReportService, type IntakeLimits } from "./repair-reports.service.ts";

/** Repair reports and the notification mails that follow them, wired from their repositories. */
export const createRepairReportServices = (deps: {
  db: Db;
  mailer: Mailer;
  clock: Clock;
  publicUrl?: string | undefined;
  limiter: Limiter;
  intakeLimits: IntakeLimits;
}) => {
  const notifications = createNotificationRepository(deps.db);
  return {
    reports: createRepairReportService({
      reports: createRepairReportRepository(deps.db),
      notices: createRepairNoticeService({ notifications, mailer: deps.mailer, publicUrl: deps.publicUrl }),
      clock: deps.clock,
      limiter: deps.limiter,
      intakeLimits: deps.intakeLimits,
    }),
    dailyFaultReports: createDailyFaultReportService({
      db: deps.db,
      notifications,
      scope: createScopeService({ scopes: createScopeRepository(deps.db) }),
      mailer: deps.mailer,
    }),
  };
};
