import type { TIndoorSnapshot, TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import { describe, expect, it } from "vitest";
import type { IngestItem } from "./ingest-item.ts";
import { createUnitStateMemory, phaseOf } from "./unit-state-memory.ts";

const device = (id: number) => ({
  id,
  serialNumber: `D${id}`,
  organisationId: 1,
  projectId: null,
  kind: "himit" as const,
  checkerType: null,
  storageCapacityMb: null,
});

const outdoor = (over: Partial<TOutdoorSnapshot> = {}): TOutdoorSnapshot => ({
  address: 0,
  status: "TH ON",
  compressorHz: 50,
  highPressureMpa: 2.5,
  lowPressureMpa: 0.9,
  dischargeTempC: 70,
  suctionTempC: 8,
  outdoorAirTempC: 20,
  fanRpm: 600,
  eevPulses: [480, 120],
  currentA: 12,
  runningHours: 10_000,
  ...over,
});

const indoor = (address: number, over: Partial<TIndoorSnapshot> = {}): TIndoorSnapshot => ({
  address,
  status: "TH ON",
  powerOn: true,
  mode: "cooling",
  fanSpeed: "high",
  louver: 1,
  setTempC: 24,
  roomTempC: 25,
  eevPulses: 200,
  pipeTempsC: [8, 12],
  ...over,
});

const telemetry = (
  deviceId: number,
  seq: number,
  units: { outdoor?: TOutdoorSnapshot[]; indoor?: TIndoorSnapshot[]; system?: number } = {},
): IngestItem =>
  ({
    deviceId: `D${deviceId}`,
    topic: "telemetry",
    message: {
      v: 1,
      seq,
      ts: 0,
      system: units.system ?? 0,
      outdoor: units.outdoor ?? [outdoor()],
      indoor: units.indoor ?? [indoor(0), indoor(1)],
    },
    receivedAt: new Date(0),
    bytes: 100,
    device: device(deviceId),
  }) as IngestItem;

const status = (deviceId: number, seq: number): IngestItem =>
  ({
    deviceId: `D${deviceId}`,
    topic: "status",
    message: { v: 1, seq, ts: 0, state: "online" },
    receivedAt: new Date(0),
    bytes: 50,
    device: device(deviceId),
  }) as IngestItem;

/** The addresses a plan checks, per side, for each telemetry item given. */
const checked = (plan: ReturnType<ReturnType<typeof createUnitStateMemory>["plan"]>, items: IngestItem[]) =>
  items.map((item) => {
    if (item.topic !== "telemetry") return null;
    const m = item.message;
    return {
      outdoor: m.outdoor.filter((u) => plan(item as never, "outdoor", u)).map((u) => u.address),
      indoor: m.indoor.filter((u) => plan(item as never, "indoor", u)).map((u) => u.address),
    };
  });

const everything = { outdoor: [0], indoor: [0, 1] };
const nothing = { outdoor: [], indoor: [] };

describe("unit state memory", () => {
  const setup = () => {
    let clock = 1_000_000;
    const memory = createUnitStateMemory({ now: () => clock, recheckMs: 60_000 });
    const run = (...items: IngestItem[]) =>
      checked(
        memory.plan(items, () => true),
        items,
      );
    return { memory, run, advance: (ms: number) => (clock += ms) };
  };

  it("checks every unit of a device it has not seen, then only units whose status or settings changed", () => {
    const { run } = setup();
    expect(run(telemetry(1, 10))).toEqual([everything]);
    expect(run(telemetry(1, 11))).toEqual([nothing]);
    // Readings move with every report and are not compared.
    expect(run(telemetry(1, 12, { indoor: [indoor(0, { roomTempC: 27 }), indoor(1)] }))).toEqual([nothing]);
    // So does the thermostat: lists read the status word from the snapshots too.
    expect(run(telemetry(1, 13, { indoor: [indoor(0), indoor(1, { status: "TH OFF" })] }))).toEqual([nothing]);
    // An alarm is what the row's status says (alarm or normal): compared.
    expect(run(telemetry(1, 14, { indoor: [indoor(0), indoor(1, { status: "ALARM" })] }))).toEqual([
      { outdoor: [], indoor: [1] },
    ]);
    // Back again: a change from what was written last, not from what was there before.
    expect(run(telemetry(1, 15))).toEqual([{ outdoor: [], indoor: [1] }]);
    expect(run(telemetry(1, 16, { outdoor: [outdoor({ runningHours: 10_001 })] }))).toEqual([
      { outdoor: [0], indoor: [] },
    ]);
  });

  it("compares each setting a command can change", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    const changes: Partial<TIndoorSnapshot>[] = [
      { powerOn: false },
      { mode: "heating" },
      { fanSpeed: "low" },
      { louver: 3 },
      { setTempC: 24.5 },
      { status: "ALARM" },
    ];
    let seq = 1;
    for (const change of changes) {
      expect(run(telemetry(1, ++seq, { indoor: [indoor(0, change), indoor(1)] }))).toEqual([
        { outdoor: [], indoor: [0] },
      ]);
      expect(run(telemetry(1, ++seq))).toEqual([{ outdoor: [], indoor: [0] }]);
    }
  });

  it("follows the run through other topics, and in seq order within a batch", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    expect(run(status(1, 2), telemetry(1, 3))).toEqual([null, nothing]);
    // Arrived out of order in one batch: put in order, still unbroken.
    expect(run(telemetry(1, 6), status(1, 5), status(1, 4))).toEqual([nothing, null, null]);
  });

  it("checks everything after a gap in the seq numbers: another instance or a lost message may have written", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    expect(run(telemetry(1, 3))).toEqual([everything]);
    expect(run(telemetry(1, 4))).toEqual([nothing]);
  });

  it("checks a message older than the run in full, does not remember it, and forgets the device", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    run(telemetry(1, 3));
    // Seq 2 comes late, saying ALARM: its row may already hold seq 3, which it must not shadow.
    expect(run(telemetry(1, 2, { indoor: [indoor(0, { status: "ALARM" }), indoor(1)] }))).toEqual([everything]);
    // The device was forgotten, so seq 4 (as seq 3) is checked, not compared with seq 2.
    expect(run(telemetry(1, 4))).toEqual([everything]);
    expect(run(telemetry(1, 5))).toEqual([nothing]);
  });

  it("checks a batch again in full when it is retried after a failed commit", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    const batch = [telemetry(1, 2, { indoor: [indoor(0, { mode: "fan" }), indoor(1)] }), telemetry(1, 3)];
    // Seq 3 sets the mode back: checked too.
    expect(run(...batch)).toEqual([
      { outdoor: [], indoor: [0] },
      { outdoor: [], indoor: [0] },
    ]);
    expect(run(...batch)).toEqual([everything, everything]);
  });

  it("checks a system in full once a minute, and each system of a device on its own", () => {
    const { run, advance } = setup();
    run(telemetry(1, 1), telemetry(1, 2, { system: 1 }));
    // Each system's first full check after the one at first sight falls at its own point of the minute.
    const at = (system: number) => 60_000 - phaseOf(1, system, 60_000);
    const [first, second] = at(0) <= at(1) ? [0, 1] : [1, 0];
    let seq = 2;
    const both = () => run(telemetry(1, ++seq, { system: 0 }), telemetry(1, ++seq, { system: 1 }));
    const only = (system: number) => (system === 0 ? [everything, nothing] : [nothing, everything]);
    advance(at(first) - 1);
    expect(both()).toEqual([nothing, nothing]);
    advance(1);
    expect(both()).toEqual(only(first));
    if (at(second) > at(first)) {
      advance(at(second) - at(first));
      expect(both()).toEqual(only(second));
    }
    // From then on, once a minute after its last full check.
    advance(60_000 - (at(second) - at(first)) - 1);
    expect(both()).toEqual([nothing, nothing]);
    advance(1);
    expect(both()).toEqual(only(first));
  });

  it("spreads the full checks of a fleet first seen together over the minute", () => {
    const { run, advance } = setup();
    const fleet = Array.from({ length: 600 }, (_, i) => i + 1);
    let seq = 1;
    expect(run(...fleet.map((id) => telemetry(id, seq)))).toEqual(fleet.map(() => everything));
    const perSecond: number[] = [];
    const checks = new Map<number, number>();
    for (let second = 1; second <= 60; second++) {
      advance(1_000);
      seq++;
      const plans = run(...fleet.map((id) => telemetry(id, seq)));
      const full = fleet.filter((_, i) => JSON.stringify(plans[i]) === JSON.stringify(everything));
      for (const id of full) checks.set(id, (checks.get(id) ?? 0) + 1);
      perSecond.push(full.length);
    }
    // Every system once in the minute, and no second with more than three times its share (10).
    expect(fleet.every((id) => checks.get(id) === 1)).toBe(true);
    expect(Math.max(...perSecond)).toBeLessThanOrEqual(30);
  });

  it("always checks a unit whose report carries its capabilities", () => {
    const { run } = setup();
    run(telemetry(1, 1));
    const supports = { modes: ["cooling" as const], fanSpeeds: ["high" as const], louver: true };
    expect(run(telemetry(1, 2, { indoor: [indoor(0, { supports }), indoor(1)] }))).toEqual([
      { outdoor: [], indoor: [0] },
    ]);
  });

  it("does not remember what was not written, and keeps devices apart", () => {
    const { memory, run } = setup();
    run(telemetry(1, 1), telemetry(2, 1));
    // Device 1's storage is full: its report is not written, so its units are not remembered as such.
    const full = telemetry(1, 2, { indoor: [indoor(0, { mode: "dry" }), indoor(1)] });
    checked(
      memory.plan([full], () => false),
      [],
    );
    expect(run(telemetry(1, 3), telemetry(2, 2))).toEqual([nothing, nothing]);
  });

  it("forgets devices quiet for longer than a recheck", () => {
    const { memory, run, advance } = setup();
    run(telemetry(1, 1), telemetry(2, 1));
    advance(30_000);
    run(telemetry(2, 2));
    advance(30_000);
    run(telemetry(2, 3));
    expect(memory.size()).toBe(1);
  });
});
