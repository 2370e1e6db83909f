import { formatNumber } from "@vrf/contract/number.ts";

/**
 * The browser's offset from UTC now, in minutes, rounded to a quarter hour as dayjs's
 * `utcOffset()` does (the distributor dashboard sends it the same way): without dayjs, which the
 * module home's first load would fetch for this alone.
 */
export const utcOffsetMinutes = (date: Date = new Date()): number => 0 - Math.round(date.getTimezoneOffset() / 15) * 15;

/** A share as a whole percentage; nothing out of nothing is no share at all. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 100) : null;

/** Used share of the storage, 0-100, rounded down so "full" means really full. */
export const storagePercent = (usedMb: number, capacityMb: number): number =>
  capacityMb > 0 ? Math.min(100, Math.max(0, Math.floor((usedMb / capacityMb) * 100))) : 0;

/** From this share on the storage bar warns: the checkers are close to full. */
export const STORAGE_WARNING_PERCENT = 90;

export type ByteUnit = "b" | "kb" | "mb" | "gb" | "tb";
const BYTE_UNITS: readonly ByteUnit[] = ["b", "kb", "mb", "gb", "tb"];
const SYMBOL_UNITS: Partial<Record<string, ByteUnit>> = { k: "kb", M: "mb", G: "gb", T: "tb" };

/**
 * Bytes in SPEC section 9's k/M/G units, stepping by 1024 (contract number.ts): 512 -> 512 B,
 * 1536 -> 1.5 KB, 5 * 1024 ** 2 -> 5 MB. Beyond terabytes it stays in TB.
 */
export const byteAmount = (bytes: number): { value: string; unit: ByteUnit } => {
  if (!(bytes >= 1024)) return { value: String(Math.max(0, Math.round(bytes || 0))), unit: "b" };
  const text = formatNumber(bytes, 1, 1024);
  const unit = SYMBOL_UNITS[text.slice(-1)];
  if (unit) return { value: text.slice(0, -1), unit };
  return { value: (bytes / 1024 ** 4).toFixed(1).replace(/\.0$/, ""), unit: "tb" };
};

/** Megabytes as the checkers report their storage, in the same units; nothing used is "0 MB". */
export const storageAmount = (mb: number): { value: string; unit: ByteUnit } =>
  mb > 0 ? byteAmount(mb * 1024 ** 2) : { value: "0", unit: "mb" };

/**
 * The unit a chart's value axis counts bytes in: the largest whose step (1024) the biggest day
 * reaches, so the axis reads "0, 20, 40 … MB" in whole steps the chart picks itself.
 */
export const axisByteUnit = (maxBytes: number): { unit: ByteUnit; divisor: number } => {
  let index = 0;
  while (index < BYTE_UNITS.length - 1 && maxBytes >= 1024 ** (index + 1)) index += 1;
  return { unit: BYTE_UNITS[index] as ByteUnit, divisor: 1024 ** index };
};
