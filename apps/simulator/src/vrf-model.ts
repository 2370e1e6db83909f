import type { TCommandTarget, TTelemetryMessage } from "@vrf/contract/device/messages.ts";
import {
  FAN_SPEEDS,
  type TFanSpeed,
  type TIndoorSnapshot,
  type TIndoorSupports,
  type TLouver,
  type TOutdoorSnapshot,
  type TStatusWord,
  type TUnitMode,
  type TUnitSettings,
  UNIT_MODES,
} from "@vrf/contract/device/units.ts";
import { createRandom, type Random } from "./random.ts";

/** A telemetry message without its header: what one system looks like now. */
export type TSystemSnapshot = Omit<TTelemetryMessage, "v" | "seq" | "ts">;

/** Which unit of a system something concerns: neither address means the system as a whole. */
export interface TUnitRef {
  outdoorAddress?: number;
  indoorAddress?: number;
}

export type TApplyResult = { ok: true; indoor: number[] } | { ok: false; reason: string };

export interface VrfModelOptions {
  system: number;
  outdoorCount: number;
  indoorCount: number;
  seed: number;
  /** Epoch ms the model starts at; the outdoor air follows the time of day. */
  startedAt?: number;
}

export interface VrfModel {
  readonly system: number;
  readonly outdoorCount: number;
  readonly indoorCount: number;
  /** Epoch ms the model has reached. */
  readonly now: number;
  step(dtMs: number): void;
  /** `withSupports` adds each indoor unit's `supports`, sent in the first snapshot after connecting. */
  snapshot(options?: { withSupports?: boolean }): TSystemSnapshot;
  /** Changes the targeted indoor units, all or none: one unsupported value refuses the whole command. */
  apply(settings: TUnitSettings, target: TCommandTarget): TApplyResult;
  supportsOf(indoorAddress: number): TIndoorSupports;
  /** A raised fault puts its unit in ALARM until every fault on it clears. */
  setFault(unit: TUnitRef, code: string, active: boolean): void;
}

/** Every indoor unit offers at least these, so the portal's basic controls always work. */
const BASE_MODES: readonly TUnitMode[] = ["cooling", "heating", "fan", "auto"];
const BASE_FAN_SPEEDS: readonly TFanSpeed[] = ["high", "mid", "low", "auto"];

/** Faster fans move heat faster: how much longer than nominal a unit takes to reach its set point. */
const FAN_SLOWNESS: Record<TFanSpeed, number> = {
  superHigh: 0.7,
  high: 0.8,
  mid: 1,
  midLow: 1.15,
  low: 1.3,
  silence: 1.6,
  auto: 0.9,
};

const MINUTE = 60_000;
/** Longer steps are split so the exponential updates stay accurate for `step(hours)`. */
const MAX_SUBSTEP_MS = 5_000;
const TRACKING_TIME_CONSTANT_MS = 8 * MINUTE;
const DRIFT_TIME_CONSTANT_MS = 45 * MINUTE;
const COMPRESSOR_TIME_CONSTANT_MS = 40_000;
const MIN_COMPRESSOR_HZ = 20;
/** Thermostat hysteresis: a unit starts demanding at +0.5 K past its set point and stops at -0.5 K. */
const THERMO_BAND_K = 0.5;
/** Units aim past the set point so the thermostat actually reaches its off band and cycles. */
const OVERSHOOT_K = 1;

type Duty = "cool" | "heat";

interface IndoorState {
  address: number;
  supports: TIndoorSupports;
  powerOn: boolean;
  mode: TUnitMode;
  fanSpeed: TFanSpeed;
  louver: TLouver;
  setTempC: number;
  roomTempC: number;
  /** Which way an auto-type mode currently works; kept until the room drifts well past the set point. */
  autoDuty: Duty;
  thermoOn: boolean;
  /** Thermo on and served: the outdoor side runs in this unit's duty. */
  running: boolean;
  faults: Set<string>;
  readingNoise: number;
}

interface OutdoorState {
  address: number;
  maxHz: number;
  hz: number;
  baseRunningHours: number;
  runningMs: number;
  faults: Set<string>;
  readingNoise: number;
}

const clamp = (value: number, min: number, max: number) => Math.min(max, Math.max(min, value));
const round = (value: number, decimals: number) => {
  const factor = 10 ** decimals;
  return Math.round(value * factor) / factor;
};
/** Fraction of the way an exponential approach covers in `dt` with time constant `tau`. */
const approach = (dt: number, tau: number) => 1 - Math.exp(-dt / tau);

const generateSupports = (random: Random): TIndoorSupports => {
  const optionalModes = UNIT_MODES.filter((m) => !BASE_MODES.includes(m) && random.chance(0.5));
  const optionalSpeeds = FAN_SPEEDS.filter((s) => !BASE_FAN_SPEEDS.includes(s) && random.chance(0.5));
  return {
    modes: UNIT_MODES.filter((m) => BASE_MODES.includes(m) || optionalModes.includes(m)),
    fanSpeeds: FAN_SPEEDS.filter((s) => BASE_FAN_SPEEDS.includes(s) || optionalSpeeds.includes(s)),
    louver: random.chance(0.7),
  };
};

/** The refrigerant duty a unit asks for; null for fan only. */
const dutyOf = (unit: IndoorState): Duty | null => {
  switch (unit.mode) {
    case "cooling":
    case "dry":
    case "autoDry":
    case "annualDry":
      return "cool";
    case "heating":
      return "heat";
    case "fan":
      return null;
    case "auto":
    case "comfort1":
    case "comfort2":
      return unit.autoDuty;
  }
};

/** How far the room is on the wrong side of the set point for the unit's duty, in K. */
const demandOf = (unit: IndoorState, duty: Duty) =>
  duty === "cool" ? unit.roomTempC - unit.setTempC : unit.setTempC - unit.roomTempC;

/** Share of its capacity a running unit asks for: more when the room is further off. */
const loadOf = (unit: IndoorState, duty: Duty) => clamp(0.3 + demandOf(unit, duty) / 3, 0.3, 1);

const statusOf = (faults: Set<string>, stopped: boolean, running: boolean): TStatusWord =>
  faults.size > 0 ? "ALARM" : stopped ? "STOP" : running ? "TH ON" : "TH OFF";

export const createVrfModel = (options: VrfModelOptions): VrfModel => {
  const { system, outdoorCount, indoorCount } = options;
  if (!Number.isInteger(system) || system < 0 || system > 63) throw new RangeError(`system ${system} is not 0-63`);
  if (!Number.isInteger(outdoorCount) || outdoorCount < 1 || outdoorCount > 8) {
    throw new RangeError(`a system has 1-8 outdoor units, not ${outdoorCount}`);
  }
  if (!Number.isInteger(indoorCount) || indoorCount < 0 || indoorCount > 64) {
    throw new RangeError(`a system has up to 64 indoor units, not ${indoorCount}`);
  }
  const random = createRandom(options.seed);
  const setupRandom = random.fork("setup");
  const noiseRandom = random.fork("noise");

  // The site's climate: a seasonal mean and a daily swing peaking mid-afternoon.
  const seasonalMeanC = setupRandom.between(-5, 33);
  const dailySwingC = setupRandom.between(3, 7);
  let now = options.startedAt ?? 0;
  let outdoorNoise = 0;
  let systemDuty: Duty | null = null;

  const outdoorAirTempC = () => {
    const hourOfDay = (now / 3_600_000) % 24;
    return seasonalMeanC + dailySwingC * Math.cos((2 * Math.PI * (hourOfDay - 15)) / 24);
  };
  /** Where an unconditioned room settles: between a comfortable 21 °C and the outdoor air. */
  const unconditionedTempC = () => 21 + 0.5 * (outdoorAirTempC() - 21);
  const seasonalDuty: Duty = seasonalMeanC >= 18 ? "cool" : "heat";

  const outdoor: OutdoorState[] = Array.from({ length: outdoorCount }, (_, address) => ({
    address,
    maxHz: setupRandom.integer(100, 140),
    hz: 0,
    baseRunningHours: setupRandom.integer(0, 40_000),
    runningMs: 0,
    faults: new Set(),
    readingNoise: 0,
  }));

  const indoor: IndoorState[] = Array.from({ length: indoorCount }, (_, address) => {
    const supports = generateSupports(setupRandom);
    const seasonalMode: TUnitMode = seasonalDuty === "cool" ? "cooling" : "heating";
    const mode = setupRandom.chance(0.15) ? setupRandom.pick(supports.modes) : seasonalMode;
    const setHalfDegrees =
      seasonalDuty === "cool" ? setupRandom.integer(48, 54) /* 24-27 °C */ : setupRandom.integer(40, 48); /* 20-24 °C */
    const roomTempC = unconditionedTempC() + setupRandom.between(-1.5, 1.5);
    const setTempC = setHalfDegrees / 2;
    return {
      address,
      supports,
      powerOn: setupRandom.chance(0.6),
      mode,
      fanSpeed: setupRandom.pick(supports.fanSpeeds),
      louver: supports.louver ? (setupRandom.integer(1, 4) as TLouver) : 1,
      setTempC,
      roomTempC,
      autoDuty: roomTempC >= setTempC ? "cool" : "heat",
      thermoOn: false,
      running: false,
      faults: new Set(),
      readingNoise: 0,
    };
  });

  const servingOutdoor = () => outdoor.filter((unit) => unit.faults.size === 0);

  /** Thermostats, then the system's duty (a heat-pump system cools or heats, not both), then who runs. */
  const regulate = () => {
    for (const unit of indoor) {
      if (unit.mode === "auto" || unit.mode === "comfort1" || unit.mode === "comfort2") {
        if (unit.roomTempC > unit.setTempC + 2 * THERMO_BAND_K) unit.autoDuty = "cool";
        else if (unit.roomTempC < unit.setTempC - 2 * THERMO_BAND_K) unit.autoDuty = "heat";
      }
      const duty = dutyOf(unit);
      if (!unit.powerOn || unit.faults.size > 0 || duty === null) unit.thermoOn = false;
      else if (unit.thermoOn && demandOf(unit, duty) < -THERMO_BAND_K) unit.thermoOn = false;
      else if (!unit.thermoOn && demandOf(unit, duty) > THERMO_BAND_K) unit.thermoOn = true;
    }
    const asking = indoor.filter((unit) => unit.thermoOn);
    const cooling = asking.filter((unit) => dutyOf(unit) === "cool").length;
    // The majority wins a mode conflict; a running system keeps its duty on a tie.
    systemDuty =
      asking.length === 0
        ? null
        : cooling * 2 > asking.length
          ? "cool"
          : cooling * 2 < asking.length
            ? "heat"
            : (systemDuty ?? dutyOf(asking[0] as IndoorState));
    const served = servingOutdoor().length > 0;
    for (const unit of indoor) unit.running = served && unit.thermoOn && dutyOf(unit) === systemDuty;
  };

  const systemLoad = () => {
    if (indoorCount === 0 || systemDuty === null) return 0;
    const duty = systemDuty;
    return indoor.reduce((sum, unit) => sum + (unit.running ? loadOf(unit, duty) : 0), 0) / indoorCount;
  };

  /** Staging: as few outdoor units as carry the load run, lowest address first. */
  const driveCompressors = (dt: number) => {
    const load = systemLoad();
    const serving = servingOutdoor();
    const runningCount = load > 0 ? clamp(Math.ceil(load * serving.length), 1, serving.length) : 0;
    const share = runningCount > 0 ? Math.min(1, (load * serving.length) / runningCount) : 0;
    for (const unit of outdoor) {
      const rank = serving.indexOf(unit);
      const runs = rank >= 0 && rank < runningCount;
      if (!runs) {
        unit.hz = 0;
        continue;
      }
      const targetHz = MIN_COMPRESSOR_HZ + (unit.maxHz - MIN_COMPRESSOR_HZ) * share;
      const fromHz = unit.hz === 0 ? MIN_COMPRESSOR_HZ : unit.hz;
      unit.hz = fromHz + (targetHz - fromHz) * approach(dt, COMPRESSOR_TIME_CONSTANT_MS);
      unit.runningMs += dt;
    }
  };

  const moveRoomTemperatures = (dt: number) => {
    const drifted = unconditionedTempC();
    for (const unit of indoor) {
      if (unit.running) {
        const duty = dutyOf(unit) as Duty;
        const aim = duty === "cool" ? unit.setTempC - OVERSHOOT_K : unit.setTempC + OVERSHOOT_K;
        // Dry modes run the coil gently to take out moisture, so they cool more slowly.
        const gentle = unit.mode === "cooling" || unit.mode === "heating" ? 1 : 1.5;
        const tau = TRACKING_TIME_CONSTANT_MS * FAN_SLOWNESS[unit.fanSpeed] * gentle;
        unit.roomTempC += (aim - unit.roomTempC) * approach(dt, tau);
      } else {
        unit.roomTempC += (drifted - unit.roomTempC) * approach(dt, DRIFT_TIME_CONSTANT_MS);
      }
    }
  };

  const drawNoise = () => {
    outdoorNoise = noiseRandom.between(-0.15, 0.15);
    for (const unit of indoor) unit.readingNoise = noiseRandom.between(-0.05, 0.05);
    for (const unit of outdoor) unit.readingNoise = noiseRandom.between(-1, 1);
  };

  const outdoorSnapshot = (unit: OutdoorState): TOutdoorSnapshot => {
    const airC = outdoorAirTempC() + outdoorNoise;
    const runs = unit.hz > 0;
    const hzShare = unit.hz / unit.maxHz;
    // Stopped, both sides equalise near the refrigerant's saturation pressure at the outdoor air.
    const equalisedMpa = clamp(0.95 + 0.025 * airC, 0.3, 2.2);
    let highMpa = equalisedMpa + 0.02;
    let lowMpa = equalisedMpa;
    let suctionC = airC;
    if (runs && systemDuty === "cool") {
      lowMpa = 1.0 - 0.2 * hzShare;
      highMpa = clamp(2.6 + 0.45 * hzShare + 0.01 * (airC - 25), 2.6, 3.2);
      suctionC = 6 + 6 * (1 - hzShare);
    } else if (runs) {
      // Heating swaps the coils' roles: the outdoor coil evaporates, so low pressure follows the air.
      lowMpa = clamp(0.75 + 0.012 * airC - 0.15 * hzShare, 0.3, 1.0);
      highMpa = clamp(2.5 + 0.5 * hzShare, 2.4, 3.0);
      suctionC = airC - 6 - 4 * hzShare;
    }
    const servesLoad = indoor.some((i) => i.powerOn && i.faults.size === 0);
    return {
      address: unit.address,
      status: statusOf(unit.faults, !runs && !servesLoad, runs),
      compressorHz: round(unit.hz, 1),
      highPressureMpa: round(highMpa, 2),
      lowPressureMpa: round(lowMpa, 2),
      dischargeTempC: round(clamp(runs ? 55 + 35 * hzShare + 0.2 * airC : airC + 2, -40, 150), 1),
      suctionTempC: round(clamp(suctionC, -40, 100), 1),
      outdoorAirTempC: round(clamp(airC, -50, 70), 1),
      fanRpm: runs ? Math.round(250 + 650 * hzShare + unit.readingNoise * 5) : 0,
      eevPulses: runs ? [Math.round(200 + 280 * hzShare), Math.round(40 + 80 * hzShare)] : [0, 0],
      currentA: round(runs ? 1.5 + 0.18 * unit.hz + unit.readingNoise * 0.2 : 0.2, 1),
      runningHours: unit.baseRunningHours + Math.floor(unit.runningMs / 3_600_000),
    };
  };

  const indoorSnapshot = (unit: IndoorState, withSupports: boolean): TIndoorSnapshot => {
    const roomC = unit.roomTempC + unit.readingNoise;
    const duty = dutyOf(unit);
    let eev = 0;
    let pipes: [number, number] = [roomC, roomC];
    if (unit.running && duty === "cool") {
      eev = 120 + 300 * loadOf(unit, duty);
      pipes = [6 + unit.readingNoise * 4, 10 + unit.readingNoise * 4];
    } else if (unit.running && duty === "heat") {
      eev = 120 + 300 * loadOf(unit, duty);
      pipes = [32 + unit.readingNoise * 4, 45 + unit.readingNoise * 4];
    } else if (systemDuty === "heat") {
      // Idle units of a heating system keep a small opening so refrigerant does not pool in them.
      eev = 60;
    }
    return {
      address: unit.address,
      status: statusOf(unit.faults, !unit.powerOn, unit.running),
      powerOn: unit.powerOn,
      mode: unit.mode,
      fanSpeed: unit.fanSpeed,
      louver: unit.louver,
      setTempC: unit.setTempC,
      roomTempC: round(clamp(roomC, -30, 60), 1),
      eevPulses: Math.round(eev),
      pipeTempsC: [round(clamp(pipes[0], -40, 120), 1), round(clamp(pipes[1], -40, 120), 1)],
      ...(withSupports
        ? { supports: { ...unit.supports, modes: [...unit.supports.modes], fanSpeeds: [...unit.supports.fanSpeeds] } }
        : {}),
    };
  };

  const indoorAt = (address: number) => {
    const unit = indoor[address];
    if (!unit) throw new RangeError(`system ${system} has no indoor unit ${address}`);
    return unit;
  };

  const refusal = (unit: IndoorState, settings: TUnitSettings): string | null => {
    if (settings.mode !== undefined && !unit.supports.modes.includes(settings.mode)) {
      return `indoor unit ${unit.address} does not support mode ${settings.mode}`;
    }
    if (settings.fanSpeed !== undefined && !unit.supports.fanSpeeds.includes(settings.fanSpeed)) {
      return `indoor unit ${unit.address} does not support fan speed ${settings.fanSpeed}`;
    }
    if (settings.louver !== undefined && !unit.supports.louver) {
      return `indoor unit ${unit.address} has no louver`;
    }
    return null;
  };

  regulate();

  return {
    system,
    outdoorCount,
    indoorCount,
    get now() {
      return now;
    },
    step(dtMs) {
      if (!Number.isFinite(dtMs) || dtMs < 0) throw new RangeError(`cannot step by ${dtMs} ms`);
      let left = dtMs;
      while (left > 0) {
        const dt = Math.min(left, MAX_SUBSTEP_MS);
        now += dt;
        left -= dt;
        moveRoomTemperatures(dt);
        regulate();
        driveCompressors(dt);
      }
      drawNoise();
    },
    snapshot(snapshotOptions = {}) {
      const withSupports = snapshotOptions.withSupports ?? false;
      return {
        system,
        outdoor: outdoor.map(outdoorSnapshot),
        indoor: indoor.map((unit) => indoorSnapshot(unit, withSupports)),
      };
    },
    apply(settings, target) {
      if (target.system !== system) return { ok: false, reason: `this device has no system ${target.system}` };
      const addresses = target.indoor ?? indoor.map((unit) => unit.address);
      const units: IndoorState[] = [];
      for (const address of addresses) {
        const unit = indoor[address];
        if (!unit) return { ok: false, reason: `system ${system} has no indoor unit ${address}` };
        const reason = refusal(unit, settings);
        if (reason) return { ok: false, reason };
        units.push(unit);
      }
      for (const unit of units) {
        if (settings.powerOn !== undefined) unit.powerOn = settings.powerOn;
        if (settings.mode !== undefined && settings.mode !== unit.mode) {
          unit.mode = settings.mode;
          unit.autoDuty = unit.roomTempC >= unit.setTempC ? "cool" : "heat";
          unit.thermoOn = false;
        }
        if (settings.fanSpeed !== undefined) unit.fanSpeed = settings.fanSpeed;
        if (settings.louver !== undefined) unit.louver = settings.louver;
        if (settings.setTempC !== undefined) unit.setTempC = settings.setTempC;
      }
      regulate();
      return { ok: true, indoor: units.map((unit) => unit.address) };
    },
    supportsOf: (address) => indoorAt(address).supports,
    setFault(unit, code, active) {
      let faults: Set<string> | undefined;
      if (unit.indoorAddress !== undefined) faults = indoorAt(unit.indoorAddress).faults;
      else if (unit.outdoorAddress !== undefined) {
        faults = outdoor[unit.outdoorAddress]?.faults;
        if (!faults) throw new RangeError(`system ${system} has no outdoor unit ${unit.outdoorAddress}`);
      }
      // A link fault names both ends; the indoor unit is the one that loses contact and alarms.
      // A fault of the system as a whole leaves the units' own status words alone.
      if (!faults) return;
      if (active) faults.add(code);
      else faults.delete(code);
      regulate();
    },
  };
};
