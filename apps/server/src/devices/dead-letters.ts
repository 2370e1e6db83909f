import { isConnectionLoss } from "../db/unavailable.ts";

/**
 * Refusals that say nothing about the messages of a batch: a deadlock or serialization failure
 * (class 40), a lock or statement cut short (55P03, 57014), a server out of resources (53), an
 * operator's intervention or a system error (57, 58, XX). The batch is tried again whole, never
 * split: splitting it would set good messages aside.
 */
const PASSING_CLASSES = ["40", "53", "57", "58", "XX"];
const PASSING_CODES = new Set(["55P03"]);

export const isPassingRefusal = (error: unknown): boolean => {
  if (isConnectionLoss(error)) return true;
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === "string" && (PASSING_CODES.has(code) || PASSING_CLASSES.includes(code.slice(0, 2)));
};

const ERROR_MAX = 500;

/** What the database said, as one line a list can show (its messages may quote the bad value). */
export const deadLetterError = (error: unknown): string => {
  const code = (error as { code?: unknown } | null)?.code;
  const message = error instanceof Error ? error.message : String(error);
  // biome-ignore lint/suspicious/noControlCharactersInRegex: a quoted value may hold any of them
  const line = message.replace(/[\u0000-\u001f\u007f]+/g, " ").trim();
  return (typeof code === "string" && /^[0-9A-Z]{5}$/.test(code) ? `${code} ${line}` : line).slice(0, ERROR_MAX);
};

/** Dead letters kept per device and minute; the rest are counted and logged only. */
export const DEAD_LETTERS_PER_DEVICE_MINUTE = 10;
const DEVICES_TRACKED = 100_000;

/**
 * A device that sends nothing but refused messages (20 a second, at the flood guard's limit) would
 * otherwise write 1.7 million rows a day: each keeps ten a minute, enough to show what it sends.
 */
export const createDeadLetterBudget = (perMinute = DEAD_LETTERS_PER_DEVICE_MINUTE) => {
  const used = new Map<string, { minute: number; count: number }>();
  return {
    take(device: string, at: number): boolean {
      const minute = Math.floor(at / 60_000);
      const entry = used.get(device);
      if (!entry || entry.minute !== minute) {
        if (used.size >= DEVICES_TRACKED) used.clear();
        used.set(device, { minute, count: 1 });
        return true;
      }
      if (entry.count >= perMinute) return false;
      entry.count += 1;
      return true;
    },
  };
};
