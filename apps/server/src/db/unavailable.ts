/**
 * PostgreSQL could not be reached, or dropped the connection: a passing state
 * (restart, fail-over, terminated backend), answered 503 rather than 500.
 */
export class DatabaseUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`database unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = "DatabaseUnavailableError";
  }
}

// SQLSTATEs of a connection that is gone or refused; the rest of class 57 (e.g. 57014, a cancelled
// statement) and class 53 (disk full, out of memory) say nothing about reachability.
const UNAVAILABLE_SQLSTATES = new Set(["57P01", "57P02", "57P03", "53300"]);
const NETWORK_CODES = new Set([
  "ECONNREFUSED",
  "ECONNRESET",
  "EPIPE",
  "ETIMEDOUT",
  "EHOSTUNREACH",
  "ENETUNREACH",
  "ENOTFOUND",
  "EAI_AGAIN",
]);
// node-postgres and pg-pool report these without a code.
const UNAVAILABLE_MESSAGES = [
  /^Connection terminated/,
  /^timeout exceeded when trying to connect/,
  /is not queryable$/,
  /^This socket has been ended by the other party/,
];

const looksLikeConnectionLoss = (error: unknown): boolean => {
  if (error instanceof DatabaseUnavailableError) return true;
  if (!(error instanceof Error)) return false;
  const code = (error as { code?: unknown }).code;
  if (typeof code === "string") {
    if (code.startsWith("08") || UNAVAILABLE_SQLSTATES.has(code) || NETWORK_CODES.has(code)) return true;
  }
  return UNAVAILABLE_MESSAGES.some((pattern) => pattern.test(error.message));
};

/**
 * True for an error of node-postgres that means the connection is gone or was refused. Network codes
 * are only meaningful for errors known to come from the database driver, so the pool applies this
 * and hands the rest of the app a DatabaseUnavailableError.
 */
export const isConnectionLoss = (error: unknown): boolean => {
  let current: unknown = error;
  for (let depth = 0; depth < 3 && current !== undefined && current !== null; depth++) {
    if (looksLikeConnectionLoss(current)) return true;
    current = current instanceof Error ? current.cause : undefined;
  }
  return false;
};

/**
 * For background jobs that run every few seconds or minutes: while the database
 * is away each run fails the same way, so the outage is logged once when it
 * starts and once when it ends; any other failure is logged every time.
 */
export const createOutageLog = (
  log: { info(msg: string): void; warn(obj: object, msg: string): void; error(obj: object, msg: string): void },
  job: string,
) => {
  let away = false;
  return {
    succeeded() {
      if (away) log.info(`${job}: database reachable again`);
      away = false;
    },
    failed(error: unknown) {
      if (!(error instanceof DatabaseUnavailableError)) {
        log.error({ err: error }, `${job} failed`);
      } else if (!away) {
        away = true;
        log.warn({ reason: error.message }, `${job}: database unavailable, retrying`);
      }
    },
  };
};
