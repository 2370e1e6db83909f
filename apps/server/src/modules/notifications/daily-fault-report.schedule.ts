import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";
import { CHECK_INTERVAL_MS } from "./daily-fault-report.service.ts";

/**
 * Checks once a minute whose daily fault report is due. Every instance runs
 * it; daily_report_runs makes sure each report still goes out once.
 */
export function scheduleDailyFaultReports(app: FastifyInstance, services: Services): void {
  const { repairReports, clock } = services;
  const timer = setInterval(() => {
    repairReports.dailyFaultReports
      .runDue(clock.now())
      .then((result) => {
        for (const failure of result.failures) {
          app.log.error({ err: failure.error, accountId: failure.accountId }, "daily fault report failed");
        }
      })
      .catch((error: unknown) => app.log.error({ err: error }, "daily fault report check failed"));
  }, CHECK_INTERVAL_MS);
  // The check must never keep the process (or a test run) alive on its own.
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
