/**
 * A seeded pseudo-random source. Simulated devices must behave the same on every run with the same
 * seed, so a failing test or a surprising bench run can be replayed; `Math.random` cannot be seeded.
 */
export interface Random {
  /** Uniform in [0, 1). */
  next(): number;
  /** Uniform in [min, max). */
  between(min: number, max: number): number;
  /** Uniform integer in [min, max], both ends included. */
  integer(min: number, max: number): number;
  chance(probability: number): boolean;
  pick<T>(items: readonly T[]): T;
  /** Waiting time of a Poisson process with this rate per ms (exponential distribution). */
  exponential(ratePerMs: number): number;
  /** An independent source, so adding draws in one part of a device does not shift another's. */
  fork(label: string | number): Random;
}

/** mulberry32: 32 bits of state, good enough for simulation and tiny. */
const mulberry32 = (seed: number): (() => number) => {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
};

/** Mixes a seed with a label (FNV-1a over the label, then a murmur finaliser) into a new 32-bit seed. */
export const deriveSeed = (seed: number, label: string | number): number => {
  let hash = (0x811c9dc5 ^ seed) >>> 0;
  for (const char of String(label)) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193) >>> 0;
  }
  hash ^= hash >>> 16;
  hash = Math.imul(hash, 0x85ebca6b) >>> 0;
  hash ^= hash >>> 13;
  hash = Math.imul(hash, 0xc2b2ae35) >>> 0;
  return (hash ^ (hash >>> 16)) >>> 0;
};

export const createRandom = (seed: number): Random => {
  const next = mulberry32(seed);
  const random: Random = {
    next,
    between: (min, max) => min + next() * (max - min),
    integer: (min, max) => min + Math.floor(next() * (max - min + 1)),
    chance: (probability) => next() < probability,
    pick: (items) => {
      if (items.length === 0) throw new Error("pick from an empty list");
      return items[Math.floor(next() * items.length)] as (typeof items)[number];
    },
    exponential: (ratePerMs) => (ratePerMs > 0 ? -Math.log(1 - next()) / ratePerMs : Number.POSITIVE_INFINITY),
    fork: (label) => createRandom(deriveSeed(seed, label)),
  };
  return random;
};
