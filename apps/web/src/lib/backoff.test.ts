import { describe, expect, it } from "vitest";
import { RECONNECT_MAX_MS, reconnectDelay } from "./backoff.ts";

describe("reconnectDelay", () => {
  it("starts at about one second and doubles", () => {
    const middle = () => 0.5;
    expect([0, 1, 2, 3, 4].map((n) => reconnectDelay(n, middle))).toEqual([1000, 2000, 4000, 8000, 16000]);
  });

  it("is capped at 30 seconds, however many attempts failed", () => {
    for (const attempt of [5, 6, 10, 100, 10_000]) {
      expect(reconnectDelay(attempt, () => 1)).toBe(RECONNECT_MAX_MS);
      expect(reconnectDelay(attempt, () => 0.5)).toBe(RECONNECT_MAX_MS);
    }
  });

  it("spreads reconnects by up to 20 % either way", () => {
    expect(reconnectDelay(0, () => 0)).toBe(800);
    expect(reconnectDelay(0, () => 0.999999)).toBe(1200);
    expect(reconnectDelay(5, () => 0)).toBe(24000);
  });

  it("treats odd attempt numbers as the first attempt", () => {
    expect(reconnectDelay(-3, () => 0.5)).toBe(1000);
    expect(reconnectDelay(Number.NaN, () => 0.5)).toBe(1000);
  });
});
