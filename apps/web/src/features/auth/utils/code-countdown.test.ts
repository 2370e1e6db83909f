import { describe, expect, it } from "vitest";
import { readSentAt, recordSentAt, secondsUntilResend } from "./code-countdown.ts";

describe("secondsUntilResend", () => {
  const sent = 1_000_000;

  it("is zero before any code was sent", () => {
    expect(secondsUntilResend(null, sent)).toBe(0);
  });

  it("counts down from 60 and stops at zero", () => {
    expect(secondsUntilResend(sent, sent)).toBe(60);
    expect(secondsUntilResend(sent, sent + 1_500)).toBe(59);
    expect(secondsUntilResend(sent, sent + 59_999)).toBe(1);
    expect(secondsUntilResend(sent, sent + 60_000)).toBe(0);
    expect(secondsUntilResend(sent, sent + 600_000)).toBe(0);
  });

  it("waits the full time when the clock went backwards", () => {
    expect(secondsUntilResend(sent, sent - 5_000)).toBe(60);
  });
});

describe("sent-at record", () => {
  it("is kept per purpose and address, case-insensitively", () => {
    const map = new Map<string, string>();
    const store = { getItem: (k: string) => map.get(k) ?? null, setItem: (k: string, v: string) => void map.set(k, v) };
    recordSentAt(1, "A@B.co", 42, store);
    expect(readSentAt(1, "a@b.co", store)).toBe(42);
    expect(readSentAt(2, "a@b.co", store)).toBeNull();
  });
});
