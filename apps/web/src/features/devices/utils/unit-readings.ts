import { STATUS_WORDS, type TStatusWord } from "@vrf/contract/device/units.ts";

const WORD_BY_NUMBER = new Map<number, TStatusWord>(
  (Object.entries(STATUS_WORDS) as [TStatusWord, number][]).map(([word, value]) => [value, word]),
);

/** SPEC section 9's status word for its number (0 STOP, 1 TH OFF, 2 TH ON, 3 ALARM); null when unknown. */
export const statusWordText = (value: number | null | undefined): TStatusWord | null =>
  value === null || value === undefined ? null : (WORD_BY_NUMBER.get(value) ?? null);

/** Tag colours of the status words: running stands out, an alarm is red, stopped recedes. */
export const STATUS_WORD_COLOURS: Record<TStatusWord, string> = {
  STOP: "default",
  "TH OFF": "blue",
  "TH ON": "green",
  ALARM: "red",
};

/** A reading with at most `digits` decimals, trailing zeros dropped: 23.40 -> "23.4", 24 -> "24". */
export const formatReading = (value: number, digits = 1): string => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
};

/** One of SPEC's combined values, shown as "a, b" (e.g. EEV main and sub "480, 120"); null stays null. */
export const formatCombined = (values: readonly number[] | null | undefined, digits = 1): string | null =>
  values && values.length > 0 ? values.map((value) => formatReading(value, digits)).join(", ") : null;

/** How precise each kind of reading is shown. */
export const READING_DIGITS = { temperature: 1, pressure: 2, frequency: 1, current: 1, pulses: 0, rpm: 0 } as const;
