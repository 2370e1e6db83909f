/** How the server writes its log, decided once from LOG_LEVEL and NODE_ENV. */
export interface LogSetup {
  level: string;
  /** Whether the level lets through the line per request, which is written at debug (request-log-controller.ts). */
  requestLogs: boolean;
  /** JSON lines for log collectors in production; one readable line per entry everywhere else. */
  format: "json" | "readable";
}

const REQUEST_LOG_LEVELS = new Set(["debug", "trace"]);

export const requestLogsAt = (level: string): boolean => REQUEST_LOG_LEVELS.has(level);

export const logSetup = (options: { level: string; production: boolean }): LogSetup => ({
  level: options.level,
  requestLogs: requestLogsAt(options.level),
  format: options.production ? "json" : "readable",
});
