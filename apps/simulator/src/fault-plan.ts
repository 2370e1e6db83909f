import { ZFaultMessage } from "@vrf/contract/device/messages.ts";
import { createRandom, type Random } from "./random.ts";

/**
 * Used when the caller passes no catalogue. The portal's catalogue lives in the server's seed data,
 * which the simulator does not import (it would type-check the whole server with it); a caller that
 * has the catalogue passes its codes, ideally with the kind of unit each belongs to.
 */
export const DEFAULT_FAULT_CODES: readonly string[] = [
  "E1",
  "E2",
  "E3",
  "E4",
  "E5",
  "E6",
  "E7",
  "E8",
  "E9",
  "P1",
  "P2",
  "P3",
  "P4",
  "C1",
  "C2",
];

/** Which unit raises a code, so its fault carries the right address (as the catalogue records it). */
export type TFaultUnitKind = "outdoor" | "indoor" | "link" | "system";
export type TFaultCodeSpec = string | { code: string; unit?: TFaultUnitKind };

export interface TFaultSite {
  system: number;
  outdoorAddress?: number;
  indoorAddress?: number;
}

export interface TFaultEvent extends TFaultSite {
  event: "raised" | "cleared";
  code: string;
  /** Epoch ms the event happened. */
  at: number;
}

export interface TSystemLayout {
  system: number;
  outdoor: number;
  indoor: number;
}

export interface FaultPlanOptions {
  systems: readonly TSystemLayout[];
  codes?: readonly TFaultCodeSpec[];
  /** New faults per device per hour, on average (a Poisson process). */
  faultsPerHour?: number;
  /** A raised fault clears after a uniformly random duration in this range, in ms. */
  clearAfterMs?: readonly [number, number];
  seed: number;
  /** Epoch ms the plan starts from. */
  startAt: number;
}

export interface FaultPlan {
  /** Every event due up to `now`, oldest first; call it as often as convenient. */
  advance(now: number): TFaultEvent[];
  /** Raises a fault by hand; it stays open until cleared by hand. Null if it is open already. */
  raise(code: string, site: TFaultSite, at: number): TFaultEvent | null;
  /** Null if no such fault is open. */
  clear(code: string, site: TFaultSite, at: number): TFaultEvent | null;
  open(): Array<TFaultSite & { code: string }>;
}

const DEFAULT_CLEAR_AFTER_MS = [5 * 60_000, 2 * 3_600_000] as const;
const CODE_SHAPE = ZFaultMessage.shape.code;

const keyOf = (code: string, site: TFaultSite) =>
  `${site.system}/${site.outdoorAddress ?? "-"}/${site.indoorAddress ?? "-"}/${code}`;

const siteFor = (kind: TFaultUnitKind | undefined, layout: TSystemLayout, random: Random): TFaultSite => {
  // A code of unknown kind is put where faults mostly happen: indoor and outdoor units.
  const resolved = kind ?? (random.chance(0.1) ? "system" : random.chance(0.55) ? "indoor" : "outdoor");
  const outdoorAddress = random.integer(0, layout.outdoor - 1);
  if (resolved === "system") return { system: layout.system };
  if (resolved === "outdoor" || layout.indoor === 0) return { system: layout.system, outdoorAddress };
  const indoorAddress = random.integer(0, layout.indoor - 1);
  return resolved === "link"
    ? { system: layout.system, outdoorAddress, indoorAddress }
    : { system: layout.system, indoorAddress };
};

export const createFaultPlan = (options: FaultPlanOptions): FaultPlan => {
  const specs = (options.codes ?? DEFAULT_FAULT_CODES).map((spec) =>
    typeof spec === "string" ? { code: spec } : spec,
  );
  for (const { code } of specs) {
    if (!CODE_SHAPE.safeParse(code).success) throw new RangeError(`fault code ${JSON.stringify(code)} is not valid`);
  }
  const [clearMin, clearMax] = options.clearAfterMs ?? DEFAULT_CLEAR_AFTER_MS;
  if (!(clearMin >= 0 && clearMax >= clearMin))
    throw new RangeError("clearAfterMs must be [min, max] with 0 <= min <= max");
  const ratePerMs = Math.max(0, options.faultsPerHour ?? 0.5) / 3_600_000;
  const random = createRandom(options.seed);
  const canRaise = specs.length > 0 && options.systems.length > 0 && ratePerMs > 0;

  /** Open faults by key; `clearAt` is absent for faults raised by hand. */
  const open = new Map<string, { code: string; site: TFaultSite; clearAt?: number }>();
  let nextRaiseAt = canRaise ? options.startAt + random.exponential(ratePerMs) : Number.POSITIVE_INFINITY;

  const nextClear = () => {
    let due: { key: string; at: number } | null = null;
    for (const [key, fault] of open) {
      if (fault.clearAt !== undefined && (due === null || fault.clearAt < due.at)) due = { key, at: fault.clearAt };
    }
    return due;
  };

  const event = (kind: TFaultEvent["event"], code: string, site: TFaultSite, at: number): TFaultEvent => ({
    event: kind,
    code,
    ...site,
    at,
  });

  return {
    advance(now) {
      const events: TFaultEvent[] = [];
      for (;;) {
        const clear = nextClear();
        if (clear && clear.at <= nextRaiseAt && clear.at <= now) {
          const fault = open.get(clear.key);
          open.delete(clear.key);
          if (fault) events.push(event("cleared", fault.code, fault.site, clear.at));
          continue;
        }
        if (nextRaiseAt > now) break;
        const at = nextRaiseAt;
        nextRaiseAt = at + random.exponential(ratePerMs);
        const spec = random.pick(specs);
        const site = siteFor(spec.unit, random.pick(options.systems), random);
        const key = keyOf(spec.code, site);
        // The same fault on the same unit cannot be raised twice while open.
        if (open.has(key)) continue;
        open.set(key, { code: spec.code, site, clearAt: at + random.between(clearMin, clearMax) });
        events.push(event("raised", spec.code, site, at));
      }
      return events;
    },
    raise(code, site, at) {
      if (!CODE_SHAPE.safeParse(code).success) throw new RangeError(`fault code ${JSON.stringify(code)} is not valid`);
      const key = keyOf(code, site);
      if (open.has(key)) return null;
      open.set(key, { code, site });
      return event("raised", code, site, at);
    },
    clear(code, site, at) {
      const key = keyOf(code, site);
      if (!open.delete(key)) return null;
      return event("cleared", code, site, at);
    },
    open: () => [...open.values()].map(({ code, site }) => ({ code, ...site })),
  };
};
