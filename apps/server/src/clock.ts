/** Time source; tests replace it to step past rate windows and expiries without sleeping. */
export interface Clock {
  now(): Date;
}

export const systemClock: Clock = { now: () => new Date() };

export const manualClock = (start = new Date()): Clock & { advance(ms: number): void; set(date: Date): void } => {
  let current = start.getTime();
  return {
    now: () => new Date(current),
    advance: (ms) => {
      current += ms;
    },
    set: (date) => {
      current = date.getTime();
    },
  };
};
