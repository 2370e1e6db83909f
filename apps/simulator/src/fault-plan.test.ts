import { ZFaultMessage } from "@vrf/contract/device/messages.ts";
import { describe, expect, it } from "vitest";
import { createFaultPlan, DEFAULT_FAULT_CODES, type TFaultEvent } from "./fault-plan.ts";

const HOUR = 3_600_000;
const START = Date.UTC(2025, 0, 1);
const systems = [
  { system: 0, outdoor: 2, indoor: 10 },
  { system: 7, outdoor: 1, indoor: 3 },
];

const keyOf = (event: TFaultEvent) => `${event.system}/${event.outdoorAddress}/${event.indoorAddress}/${event.code}`;

describe("fault plan", () => {
  it("raises faults at about the configured rate and clears each within the configured time", () => {
    const plan = createFaultPlan({
      systems,
      faultsPerHour: 6,
      clearAfterMs: [10 * 60_000, 30 * 60_000],
      seed: 4,
      startAt: START,
    });
    const events = plan.advance(START + 100 * HOUR);
    const raised = events.filter((event) => event.event === "raised");
    // 600 expected; a Poisson count's standard deviation is about 25.
    expect(raised.length).toBeGreaterThan(500);
    expect(raised.length).toBeLessThan(700);
    expect(events.map((event) => event.at)).toEqual(events.map((event) => event.at).sort((a, b) => a - b));

    const raisedAt = new Map<string, number>();
    for (const event of events) {
      expect(DEFAULT_FAULT_CODES).toContain(event.code);
      const layout = systems.find((candidate) => candidate.system === event.system);
      expect(layout).toBeDefined();
      if (event.outdoorAddress !== undefined) expect(event.outdoorAddress).toBeLessThan(layout?.outdoor ?? 0);
      if (event.indoorAddress !== undefined) expect(event.indoorAddress).toBeLessThan(layout?.indoor ?? 0);
      expect(() =>
        ZFaultMessage.parse({
          v: 1,
          seq: 1,
          ts: Math.round(event.at),
          event: event.event,
          code: event.code,
          system: event.system,
          ...(event.outdoorAddress !== undefined ? { outdoorAddress: event.outdoorAddress } : {}),
          ...(event.indoorAddress !== undefined ? { indoorAddress: event.indoorAddress } : {}),
        }),
      ).not.toThrow();
      if (event.event === "raised") {
        expect(raisedAt.has(keyOf(event))).toBe(false);
        raisedAt.set(keyOf(event), event.at);
      } else {
        const at = raisedAt.get(keyOf(event));
        expect(at).toBeDefined();
        expect(event.at - (at ?? 0)).toBeGreaterThanOrEqual(10 * 60_000);
        expect(event.at - (at ?? 0)).toBeLessThanOrEqual(30 * 60_000);
        raisedAt.delete(keyOf(event));
      }
    }
    expect(plan.open()).toHaveLength(raisedAt.size);
  });

  it("gives the same events whether advanced in small steps or at once", () => {
    const options = { systems, faultsPerHour: 3, clearAfterMs: [60_000, HOUR] as const, seed: 9, startAt: START };
    const once = createFaultPlan(options).advance(START + 48 * HOUR);
    const stepped = createFaultPlan(options);
    const events: TFaultEvent[] = [];
    for (let at = START; at <= START + 48 * HOUR; at += 10_000) events.push(...stepped.advance(at));
    expect(events).toEqual(once);
    expect(once.length).toBeGreaterThan(0);
  });

  it("puts each catalogue code on the kind of unit it belongs to", () => {
    const plan = createFaultPlan({
      systems,
      codes: [
        { code: "E03", unit: "outdoor" },
        { code: "P01", unit: "indoor" },
        { code: "E01", unit: "link" },
        { code: "C11", unit: "system" },
      ],
      faultsPerHour: 20,
      seed: 2,
      startAt: START,
    });
    const raised = plan.advance(START + 50 * HOUR).filter((event) => event.event === "raised");
    const sites = new Map(raised.map((event) => [event.code, event]));
    expect([...sites.keys()].sort()).toEqual(["C11", "E01", "E03", "P01"]);
    for (const event of raised) {
      const site = [event.outdoorAddress !== undefined, event.indoorAddress !== undefined];
      const expected = { E03: [true, false], P01: [false, true], E01: [true, true], C11: [false, false] }[event.code];
      expect(site).toEqual(expected);
    }
  });

  it("raises nothing at rate zero or without codes", () => {
    expect(
      createFaultPlan({ systems, faultsPerHour: 0, seed: 1, startAt: START }).advance(START + 1_000 * HOUR),
    ).toEqual([]);
    expect(
      createFaultPlan({ systems, codes: [], faultsPerHour: 10, seed: 1, startAt: START }).advance(START + 1_000 * HOUR),
    ).toEqual([]);
  });

  it("keeps a fault raised by hand open until it is cleared by hand", () => {
    const plan = createFaultPlan({ systems, faultsPerHour: 0, seed: 1, startAt: START });
    const site = { system: 0, indoorAddress: 4 };
    expect(plan.raise("P02", site, START)).toEqual({ event: "raised", code: "P02", ...site, at: START });
    expect(plan.raise("P02", site, START + 1)).toBeNull();
    expect(plan.advance(START + 1_000 * HOUR)).toEqual([]);
    expect(plan.open()).toEqual([{ code: "P02", ...site }]);
    expect(plan.clear("P02", site, START + 5)).toMatchObject({ event: "cleared", at: START + 5 });
    expect(plan.clear("P02", site, START + 6)).toBeNull();
    expect(plan.open()).toEqual([]);
  });

  it("refuses codes the contract would not carry", () => {
    expect(() => createFaultPlan({ systems, codes: ["E 1"], seed: 1, startAt: START })).toThrow(RangeError);
    expect(() => createFaultPlan({ systems, codes: ["TOOLONGCODE"], seed: 1, startAt: START })).toThrow(RangeError);
  });
});
