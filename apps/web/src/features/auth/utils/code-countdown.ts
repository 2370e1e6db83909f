/** The server refuses a second code for the same address within this many seconds (600719). */
export const RESEND_WAIT_SECONDS = 60;

/** Seconds left before "send code" may be pressed again; 0 when it may. */
export const secondsUntilResend = (sentAtMs: number | null, nowMs: number, waitSeconds = RESEND_WAIT_SECONDS) => {
  if (sentAtMs === null) return 0;
  const elapsed = Math.floor((nowMs - sentAtMs) / 1000);
  return elapsed < 0 ? waitSeconds : Math.max(0, waitSeconds - elapsed);
};

type KeyValueStore = Pick<Storage, "getItem" | "setItem">;

// Kept per address and purpose so the countdown survives moving from the e-mail page to the code page.
const keyOf = (type: number, email: string) => `vrf.codeSentAt.${type}.${email.trim().toLowerCase()}`;

const browserStore = (): KeyValueStore | null => (typeof sessionStorage === "undefined" ? null : sessionStorage);

export const readSentAt = (type: number, email: string, store = browserStore()): number | null => {
  const value = Number(store?.getItem(keyOf(type, email)));
  return Number.isFinite(value) && value > 0 ? value : null;
};

export const recordSentAt = (type: number, email: string, sentAtMs: number, store = browserStore()) =>
  store?.setItem(keyOf(type, email), String(sentAtMs));
