import {
  CLIENT_ERROR_LIMITS,
  type ClientEnvironment,
  type ClientErrorKind,
  type TClientErrorReport,
} from "@vrf/contract/client-errors/report.ts";

/** What a thrown value says about itself: any value can be thrown, not only an Error. */
export const describeThrown = (thrown: unknown): { message: string; stack: string | undefined } => {
  if (thrown instanceof Error) {
    const message = thrown.message ? `${thrown.name}: ${thrown.message}` : thrown.name;
    return { message, stack: thrown.stack || undefined };
  }
  if (typeof thrown === "string") return { message: thrown, stack: undefined };
  try {
    const json = JSON.stringify(thrown);
    if (json !== undefined) return { message: json, stack: undefined };
  } catch {
    // A value JSON cannot write (cyclic, BigInt): its string form below.
  }
  return { message: String(thrown), stack: undefined };
};

// The server refuses control characters (multi-line parts keep tab, CR and LF): they become spaces.
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL = /[\u0000-\u001f\u007f]/g;
// biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
const CONTROL_BUT_LINES = /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/g;

const bounded = (text: string, max: number, multiline: boolean): string =>
  text
    .replace(multiline ? CONTROL_BUT_LINES : CONTROL, " ")
    .trim()
    .slice(0, max)
    .trim();

/**
 * Browser noise that says nothing about the app: Chrome's benign ResizeObserver notice, and
 * "Script error." from a script of another origin, which the browser hides all detail of.
 */
const NOISE = [/^ResizeObserver loop/, /^Script error\.?$/];

/**
 * The report of one thrown value, cut to the contract's limits so the server never refuses it
 * for its size; null for noise.
 */
export const toClientErrorReport = (
  kind: ClientErrorKind,
  thrown: unknown,
  context: { url: string; release: string; environment?: ClientEnvironment },
): TClientErrorReport | null => {
  const { message, stack } = describeThrown(thrown);
  if (NOISE.some((pattern) => pattern.test(message))) return null;
  const boundedStack = stack ? bounded(stack, CLIENT_ERROR_LIMITS.stack, true) : "";
  return {
    kind,
    message: bounded(message, CLIENT_ERROR_LIMITS.message, true) || "(no message)",
    ...(boundedStack ? { stack: boundedStack } : {}),
    url: bounded(context.url, CLIENT_ERROR_LIMITS.url, false) || "(unknown)",
    release: bounded(context.release, CLIENT_ERROR_LIMITS.release, false) || "unknown",
    ...(context.environment ? { environment: context.environment } : {}),
  };
};

/**
 * Lets through each distinct error once, and at most `max` reports per page load: a render
 * loop or a timer that throws over and over must not turn into a stream of requests.
 */
export const createReportGate = (max: number): ((report: TClientErrorReport) => boolean) => {
  const seen = new Set<string>();
  return (report) => {
    if (seen.size >= max) return false;
    const firstFrame = report.stack?.split("\n").find((line) => line.trim().startsWith("at ")) ?? "";
    const key = `${report.kind}|${report.message}|${firstFrame}`;
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  };
};
