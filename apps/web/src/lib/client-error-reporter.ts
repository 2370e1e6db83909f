import type { ClientErrorKind } from "@vrf/contract/client-errors/report.ts";
import { reportClientError as reportEndpoint } from "@vrf/contract/client-errors/report.ts";
import { call } from "./api-client.ts";
import { ApiError } from "./api-error.ts";
import { createReportGate, toClientErrorReport } from "./client-error-report.ts";
import { appEnvironment } from "./environment.ts";

/** Set at build time (vite.config.ts): the build that runs, named in every report. */
declare const __VRF_RELEASE__: string | undefined;
const RELEASE = typeof __VRF_RELEASE__ === "string" ? __VRF_RELEASE__ : "dev";

/** A page load that keeps failing sends no more than this. */
const MAX_REPORTS_PER_PAGE = 10;

const letThrough = createReportGate(MAX_REPORTS_PER_PAGE);

/**
 * Sends an error the app did not handle to the server's error log (SPEC section 8: production
 * errors are pushed into an error log). Production builds only; a development build has the
 * console. Never throws, and never reports its own failure.
 */
export const reportClientError = (kind: ClientErrorKind, thrown: unknown): void => {
  if (!import.meta.env.PROD) {
    console.error(thrown);
    return;
  }
  try {
    // A call that never reached the server (offline, timeout) cannot be reported there either.
    if (thrown instanceof ApiError && thrown.isTransport) return;
    const report = toClientErrorReport(kind, thrown, {
      url: window.location.href,
      release: RELEASE,
      // SPEC section 9's test/prod, so testers' errors can be told from users'.
      environment: appEnvironment(),
    });
    if (!report || !letThrough(report)) return;
    call(reportEndpoint, report, { silent: true }).catch(() => undefined);
  } catch {
    // The reporter must not become the next uncaught error.
  }
};

/** Uncaught errors and unhandled rejections of the page, from here on (production builds). */
export const startClientErrorReporting = (): void => {
  // A development build leaves them to the console, which shows them already.
  if (!import.meta.env.PROD) return;
  window.addEventListener("error", (event) => reportClientError("error", event.error ?? event.message));
  window.addEventListener("unhandledrejection", (event) => reportClientError("unhandledRejection", event.reason));
};
