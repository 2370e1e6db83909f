export const RECONNECT_BASE_MS = 1_000;
export const RECONNECT_MAX_MS = 30_000;

/**
 * Delay before reconnect attempt `attempt` (0 for the first): 1 s doubling up
 * to 30 s, with ±20 % jitter so many browsers do not reconnect in lockstep
 * after a server restart. Never above the cap.
 */
export const reconnectDelay = (attempt: number, random: () => number = Math.random): number => {
  const exponent = Number.isFinite(attempt) ? Math.min(Math.max(0, Math.floor(attempt)), 16) : 0;
  const base = Math.min(RECONNECT_MAX_MS, RECONNECT_BASE_MS * 2 ** exponent);
  const jittered = base * (0.8 + 0.4 * random());
  return Math.round(Math.min(RECONNECT_MAX_MS, jittered));
};
