import type { FastifyInstance } from "fastify";
import { asReport } from "../../db/query-context.ts";
import { createOutageLog } from "../../db/unavailable.ts";
import type { Services } from "../../services.ts";
import { CHECK_INTERVAL_MS } from "./daily-fault-report.service.ts";

/**
 * Checks once a minute whose daily fault report is due. Every instance runs
 * it; daily_report_runs makes sure each report still goes out once.
 */
export function scheduleDailyFaultReports(app: FastifyInstance, services: Services): void {
  const { repairReports, clock } = services;
  const outage = createOutageLog(app.log, "daily fault report check");
  const timer = setInterval(() => {
    // Report work: on the report pool, so a slow run never takes the pages' connections.
    asReport(() => repairReports.dailyFaultReports.runDue(clock.now()))
      .then((result) => {
        outage.succeeded();
        for (const failure of result.failures) {
          app.log.error({ err: failure.error, accountId: failure.accountId }, "daily fault report failed");
        }
      })
      .catch((error: unknown) => outage.failed(error));
  }, CHECK_INTERVAL_MS);
  // The check must never keep the process (or a test run) alive on its own.
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
