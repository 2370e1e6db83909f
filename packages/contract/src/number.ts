/** SPEC section 9 number rules. */

const SYMBOLS = ["E", "P", "T", "G", "M", "k"] as const;
export type UnitSymbol = (typeof SYMBOLS)[number];

/**
 * 1234 -> "1.2k", 5_600_000 -> "5.6M"; trailing zeros dropped. `base` 1024 steps by binary
 * multiples instead, for storage: 4 * 1024 ** 3 bytes -> "4G".
 */
export const formatNumber = (value: number, digits = 1, base: 1000 | 1024 = 1000): string => {
  for (const [i, symbol] of SYMBOLS.entries()) {
    const unit = base ** (SYMBOLS.length - i);
    if (Math.abs(value) >= unit) {
      return (value / unit).toFixed(digits).replace(/\.0+$|(\.[0-9]*[1-9])0+$/, "$1") + symbol;
    }
  }
  return String(value);
};

/** Thousands separators: 1234567 -> "1,234,567". */
export const toThousands = (value: number): string => value.toLocaleString("en-US");

/** Some fields arrive as "high,low" word pairs; they combine into one 32-bit number. */
export const combineWordPair = (value: string): number | null => {
  const parts = value.split(",").map((p) => Number(p.trim()));
  if (parts.length !== 2 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 0xffff)) return null;
  const [high, low] = parts as [number, number];
  return high * 0x10000 + low;
};

export const STATUS_WORDS = { STOP: 0, "TH OFF": 1, "TH ON": 2, ALARM: 3 } as const;
export type StatusWord = keyof typeof STATUS_WORDS;
export const statusWordToNumber = (word: string): number | null =>
  word in STATUS_WORDS ? STATUS_WORDS[word as StatusWord] : null;
