import { ZTelemetryMessage } from "@vrf/contract/device/messages.ts";
import { FAN_SPEEDS, type TIndoorSnapshot, type TUnitSettings, UNIT_MODES } from "@vrf/contract/device/units.ts";
import { describe, expect, it } from "vitest";
import { createRandom } from "./random.ts";
import { createVrfModel, type VrfModel } from "./vrf-model.ts";

const MINUTE = 60_000;
const START = Date.UTC(2025, 6, 1, 8);

const indoorOf = (model: VrfModel, address: number): TIndoorSnapshot => {
  const unit = model.snapshot().indoor[address];
  if (!unit) throw new Error(`no indoor unit ${address}`);
  return unit;
};

const runFor = (model: VrfModel, ms: number, stepMs = MINUTE) => {
  for (let t = 0; t < ms; t += stepMs) model.step(stepMs);
};

const asMessage = (model: VrfModel, withSupports = false) => ({
  v: 1,
  seq: 1,
  ts: Math.round(model.now),
  ...model.snapshot({ withSupports }),
});

describe("VRF model", () => {
  it("brings each running indoor unit's room to its set point and lets it drift back when switched off", () => {
    const create = () => createVrfModel({ system: 3, outdoorCount: 2, indoorCount: 6, seed: 11, startedAt: START });
    const model = create();
    // The same site with everything off: where the rooms drift on their own as the day goes by.
    const unconditioned = create();
    unconditioned.apply({ powerOn: false }, { system: 3 });
    const before = model.snapshot().indoor;
    // Five kelvin away from where each room is now, on whichever side the limits allow.
    const targets = before.map((unit) => {
      const cooling = unit.roomTempC - 5 >= 16;
      const setTempC = Math.round((cooling ? unit.roomTempC - 5 : unit.roomTempC + 5) * 2) / 2;
      return { setTempC, mode: cooling ? ("cooling" as const) : ("heating" as const) };
    });
    targets.forEach((target, address) => {
      expect(model.apply({ powerOn: true, fanSpeed: "high", ...target }, { system: 3, indoor: [address] }).ok).toBe(
        true,
      );
    });

    runFor(model, 2 * 60 * MINUTE);
    runFor(unconditioned, 2 * 60 * MINUTE);
    for (const [address, target] of targets.entries()) {
      const unit = indoorOf(model, address);
      expect(Math.abs(unit.roomTempC - target.setTempC)).toBeLessThanOrEqual(1.5);
      expect(Math.abs(unit.roomTempC - indoorOf(unconditioned, address).roomTempC)).toBeGreaterThan(2);
    }

    expect(model.apply({ powerOn: false }, { system: 3 }).ok).toBe(true);
    runFor(model, 4 * 60 * MINUTE);
    runFor(unconditioned, 4 * 60 * MINUTE);
    for (const address of targets.keys()) {
      const unit = indoorOf(model, address);
      expect(unit.status).toBe("STOP");
      expect(Math.abs(unit.roomTempC - indoorOf(unconditioned, address).roomTempC)).toBeLessThanOrEqual(0.3);
    }
    expect(model.snapshot().outdoor.every((unit) => unit.compressorHz === 0 && unit.status === "STOP")).toBe(true);
  });

  it("runs the compressors harder for more load and keeps pressures in the mode's band", () => {
    let compared = 0;
    for (let seed = 1; seed <= 40; seed++) {
      const hot = createVrfModel({ system: 0, outdoorCount: 2, indoorCount: 8, seed, startedAt: START });
      const air = hot.snapshot().outdoor[0]?.outdoorAirTempC ?? 0;
      if (air < 24) continue;
      const few = createVrfModel({ system: 0, outdoorCount: 2, indoorCount: 8, seed, startedAt: START });
      hot.apply({ powerOn: true, mode: "cooling", setTempC: 16 }, { system: 0 });
      few.apply({ powerOn: false }, { system: 0 });
      few.apply({ powerOn: true, mode: "cooling", setTempC: 16 }, { system: 0, indoor: [0] });
      runFor(hot, 5 * MINUTE, 5_000);
      runFor(few, 5 * MINUTE, 5_000);
      const totalHz = (model: VrfModel) => model.snapshot().outdoor.reduce((sum, unit) => sum + unit.compressorHz, 0);
      expect(totalHz(hot)).toBeGreaterThan(totalHz(few));
      expect(totalHz(few)).toBeGreaterThan(0);
      for (const unit of hot.snapshot().outdoor.filter((u) => u.compressorHz > 0)) {
        expect(unit.status).toBe("TH ON");
        expect(unit.lowPressureMpa).toBeGreaterThanOrEqual(0.8);
        expect(unit.lowPressureMpa).toBeLessThanOrEqual(1.0);
        expect(unit.highPressureMpa).toBeGreaterThanOrEqual(2.6);
        expect(unit.highPressureMpa).toBeLessThanOrEqual(3.2);
      }
      hot.apply({ mode: "heating", setTempC: 32 }, { system: 0 });
      runFor(hot, 5 * MINUTE, 5_000);
      for (const unit of hot.snapshot().outdoor.filter((u) => u.compressorHz > 0)) {
        // Heating: the outdoor coil is the evaporator, below the indoor coils' condensing pressure.
        expect(unit.lowPressureMpa).toBeLessThan(1.0);
        expect(unit.highPressureMpa).toBeGreaterThanOrEqual(2.4);
        expect(unit.highPressureMpa).toBeLessThanOrEqual(3.0);
      }
      compared++;
    }
    expect(compared).toBeGreaterThan(3);
  });

  it("reports STOP, TH OFF, TH ON and ALARM from the unit's state", () => {
    const model = createVrfModel({ system: 0, outdoorCount: 1, indoorCount: 3, seed: 5, startedAt: START });
    model.apply({ powerOn: false }, { system: 0, indoor: [0] });
    model.apply({ powerOn: true, mode: "fan" }, { system: 0, indoor: [1] });
    model.apply({ powerOn: true, mode: "heating", setTempC: 32 }, { system: 0, indoor: [2] });
    model.step(MINUTE);
    expect(model.snapshot().indoor.map((unit) => unit.status)).toEqual(["STOP", "TH OFF", "TH ON"]);

    model.setFault({ indoorAddress: 2 }, "P01", true);
    model.setFault({ outdoorAddress: 0 }, "E04", true);
    const faulted = model.snapshot();
    expect(faulted.indoor[2]?.status).toBe("ALARM");
    expect(faulted.outdoor[0]?.status).toBe("ALARM");

    model.setFault({ indoorAddress: 2 }, "P01", false);
    model.setFault({ outdoorAddress: 0 }, "E04", false);
    model.step(MINUTE);
    expect(model.snapshot().indoor[2]?.status).toBe("TH ON");
  });

  it("keeps every value inside the contract's ranges, whatever it is told", () => {
    const random = createRandom(99);
    for (let seed = 1; seed <= 25; seed++) {
      const model = createVrfModel({
        system: random.integer(0, 63),
        outdoorCount: random.integer(1, 8),
        indoorCount: random.integer(0, 64),
        seed,
        startedAt: START + random.integer(0, 365) * 86_400_000,
      });
      expect(() => ZTelemetryMessage.parse(asMessage(model, true))).not.toThrow();
      for (let round = 0; round < 30; round++) {
        if (model.indoorCount > 0) {
          const address = random.integer(0, model.indoorCount - 1);
          const supports = model.supportsOf(address);
          const settings: TUnitSettings = {
            powerOn: random.chance(0.7),
            mode: random.pick(supports.modes),
            fanSpeed: random.pick(supports.fanSpeeds),
            setTempC: random.integer(32, 64) / 2,
            ...(supports.louver ? { louver: random.pick([1, 2, 3, 4] as const) } : {}),
          };
          expect(model.apply(settings, { system: model.system, indoor: [address] })).toMatchObject({ ok: true });
          if (random.chance(0.2)) model.setFault({ indoorAddress: address }, "P01", random.chance(0.5));
        }
        if (random.chance(0.2)) model.setFault({ outdoorAddress: 0 }, "E01", random.chance(0.5));
        model.step(random.pick([0, 1_000, 10_000, MINUTE, 30 * MINUTE, 2 * 60 * MINUTE]));
        const parsed = ZTelemetryMessage.safeParse(asMessage(model, round % 10 === 0));
        expect(parsed.error?.issues ?? []).toEqual([]);
      }
    }
  });

  it("gives every indoor unit the basic modes and fan speeds, and only sometimes the rest", () => {
    const model = createVrfModel({ system: 0, outdoorCount: 1, indoorCount: 64, seed: 3 });
    const all = Array.from({ length: 64 }, (_, address) => model.supportsOf(address));
    for (const supports of all) {
      expect(supports.modes).toEqual(expect.arrayContaining(["cooling", "heating", "fan", "auto"]));
      expect(supports.fanSpeeds).toEqual(expect.arrayContaining(["high", "mid", "low", "auto"]));
    }
    expect(all.some((supports) => supports.modes.length < UNIT_MODES.length)).toBe(true);
    expect(all.some((supports) => supports.fanSpeeds.length < FAN_SPEEDS.length)).toBe(true);
    expect(all.some((supports) => !supports.louver)).toBe(true);
    expect(model.snapshot({ withSupports: true }).indoor.every((unit) => unit.supports !== undefined)).toBe(true);
    expect(model.snapshot().indoor.every((unit) => unit.supports === undefined)).toBe(true);
  });

  it("refuses a command if any targeted unit does not support a setting, and changes nothing then", () => {
    const model = createVrfModel({ system: 2, outdoorCount: 1, indoorCount: 16, seed: 8 });
    const lacking = Array.from({ length: 16 }, (_, address) => address).find(
      (address) => !model.supportsOf(address).modes.includes("comfort2"),
    );
    const louverless = Array.from({ length: 16 }, (_, address) => address).find(
      (address) => !model.supportsOf(address).louver,
    );
    if (lacking === undefined || louverless === undefined) throw new Error("seed 8 should give such units");
    const before = model.snapshot();

    const refused = model.apply({ mode: "comfort2", setTempC: 30 }, { system: 2 });
    expect(refused).toEqual({ ok: false, reason: expect.stringContaining(`${lacking}`) });
    expect(model.apply({ louver: 3 }, { system: 2, indoor: [louverless] })).toMatchObject({ ok: false });
    expect(model.apply({ powerOn: true }, { system: 2, indoor: [16] })).toMatchObject({ ok: false });
    expect(model.apply({ powerOn: true }, { system: 5 })).toMatchObject({ ok: false });
    expect(model.snapshot()).toEqual(before);

    expect(model.apply({ mode: "fan", fanSpeed: "low", setTempC: 30 }, { system: 2, indoor: [lacking] })).toEqual({
      ok: true,
      indoor: [lacking],
    });
    expect(indoorOf(model, lacking)).toMatchObject({ mode: "fan", fanSpeed: "low", setTempC: 30 });
  });

  it("replays the same seed exactly and differs for another", () => {
    const run = (seed: number) => {
      const model = createVrfModel({ system: 1, outdoorCount: 3, indoorCount: 12, seed, startedAt: START });
      model.apply({ powerOn: true }, { system: 1 });
      runFor(model, 90 * MINUTE, 7_000);
      return model.snapshot({ withSupports: true });
    };
    expect(run(42)).toEqual(run(42));
    expect(run(42)).not.toEqual(run(43));
  });

  it("refuses a layout the bus cannot have", () => {
    expect(() => createVrfModel({ system: 0, outdoorCount: 9, indoorCount: 1, seed: 1 })).toThrow(RangeError);
    expect(() => createVrfModel({ system: 0, outdoorCount: 1, indoorCount: 65, seed: 1 })).toThrow(RangeError);
    expect(() => createVrfModel({ system: 64, outdoorCount: 1, indoorCount: 1, seed: 1 })).toThrow(RangeError);
  });
});
