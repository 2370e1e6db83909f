import type { FastifyInstance } from "fastify";
import { createOutageLog } from "../../db/unavailable.ts";
import type { Services } from "../../services.ts";

const PRUNE_INTERVAL_MS = 10 * 60_000;

/**
 * Applies the error log's retention every ten minutes on every instance; two instances pruning
 * at once only delete the same rows.
 */
export function scheduleClientErrorPruning(app: FastifyInstance, services: Services): void {
  const outage = createOutageLog(app.log, "client error pruning");
  let busy = false;
  const timer = setInterval(() => {
    if (busy) return;
    busy = true;
    services.clientErrors
      .pruneDue()
      .then(() => outage.succeeded())
      .catch((error: unknown) => outage.failed(error))
      .finally(() => {
        busy = false;
      });
  }, PRUNE_INTERVAL_MS);
  // The pruning must never keep the process (or a test run) alive on its own.
  timer.unref();
  app.addHook("onClose", async () => clearInterval(timer));
}
