import { STATUS_WORDS } from "@vrf/contract/device/units.ts";
import type { TStatusChange } from "@vrf/contract/devices/common.ts";
import type { TIndoorUnit, TOutdoorUnit } from "@vrf/contract/devices/units.ts";
import { toMillis } from "@vrf/contract/time.ts";
import { formatReading } from "./unit-readings.ts";

/**
 * The Hi-Checker module's system cycle diagram (CkSystemCycle): what it reads from one system's
 * unit lists — the system's mode, which side of the cycle each pipe is on and which way the
 * refrigerant flows in it, its colour, and the values written on the drawing.
 */

export const SYSTEM_CYCLE_PATH = "/equipmentCenter/ckSystemCycle";

/** The page's address for one checker, and one of its systems when known. */
export const systemCyclePath = (deviceId: number, system?: number | null): string =>
  system === null || system === undefined
    ? `${SYSTEM_CYCLE_PATH}?deviceId=${deviceId}`
    : `${SYSTEM_CYCLE_PATH}?deviceId=${deviceId}&system=${system}`;

const SYSTEM_MAX = 63;

/** `?system=`: a system number 0-63 (0 is a system too), else null. */
export const systemFromQuery = (value: string | null): number | null =>
  value !== null && /^\d{1,2}$/.test(value) && Number(value) <= SYSTEM_MAX ? Number(value) : null;

/** The systems a checker has reported units of, in order; the checker's own system number first known too. */
export const systemsOf = (outdoor: readonly { systemNumber: number }[], own: number | null): number[] => {
  const systems = new Set(outdoor.map((unit) => unit.systemNumber));
  if (own !== null) systems.add(own);
  return [...systems].sort((a, b) => a - b);
};

/**
 * The system to show: the one asked for in the address; else the checker's own system when it
 * has reported it or nothing is known yet; else the first reported one; null while nothing is known.
 */
export const chosenSystem = (asked: number | null, known: readonly number[], own: number | null): number | null => {
  if (asked !== null) return asked;
  if (own !== null && (known.length === 0 || known.includes(own))) return own;
  return known[0] ?? null;
};

export type CycleMode = "cooling" | "heating";
type Duty = "cool" | "heat";

const COOLING_MODES: ReadonlySet<string> = new Set(["cooling", "dry", "autoDry", "annualDry"]);
const AUTO_MODES: ReadonlySet<string> = new Set(["auto", "comfort1", "comfort2"]);

type IndoorReading = Pick<TIndoorUnit, "powerOn" | "mode" | "statusWord" | "roomTemperature" | "pipeTempsC">;

/**
 * Whether an indoor unit cools or heats: from its mode, and for the automatic modes from its
 * coil (a gas pipe clearly warmer than the room condenses: heating). Fan only does neither.
 */
export const indoorDuty = (unit: IndoorReading): Duty | null => {
  if (unit.mode === "heating") return "heat";
  if (COOLING_MODES.has(unit.mode)) return "cool";
  if (AUTO_MODES.has(unit.mode) && unit.pipeTempsC && unit.roomTemperature !== null) {
    const [liquid, gas] = unit.pipeTempsC;
    if (gas > unit.roomTemperature + 5) return "heat";
    if (liquid < unit.roomTemperature - 3) return "cool";
  }
  return null;
};

/** An indoor unit the compressor serves now: on, its thermostat asking (TH ON). */
export const isIndoorRunning = (unit: Pick<TIndoorUnit, "powerOn" | "statusWord">): boolean =>
  unit.powerOn && unit.statusWord === STATUS_WORDS["TH ON"];

export const isAlarm = (unit: { status: string; statusWord: number | null }): boolean =>
  unit.status === "alarm" || unit.statusWord === STATUS_WORDS.ALARM;

/** A compressor turns: its frequency is above zero. */
export const compressorRuns = (unit: Pick<TOutdoorUnit, "compressorHz">): boolean =>
  unit.compressorHz !== null && unit.compressorHz > 0;

/**
 * The system's mode: heating when most of its running indoor units heat, cooling when they cool
 * or tie. With none running, the units switched on say; with none on, the modes the units are
 * set to; when nothing says, cooling. `flowing`: a compressor turns.
 */
export const systemMode = (
  outdoor: readonly Pick<TOutdoorUnit, "compressorHz">[],
  indoor: readonly IndoorReading[],
): { mode: CycleMode; flowing: boolean } => {
  const flowing = outdoor.some(compressorRuns);
  const pools = [indoor.filter(isIndoorRunning), indoor.filter((unit) => unit.powerOn), indoor];
  for (const pool of pools) {
    let heat = 0;
    let cool = 0;
    for (const unit of pool) {
      const duty = indoorDuty(unit);
      if (duty === "heat") heat += 1;
      else if (duty === "cool") cool += 1;
    }
    if (heat > 0 || cool > 0) return { mode: heat > cool ? "heating" : "cooling", flowing };
  }
  return { mode: "cooling", flowing };
};

/**
 * The pipes of the drawing. Each is drawn in the direction refrigerant flows when cooling:
 * compressor → discharge → 4-way valve → outdoor coil → main EEV → liquid line → indoor EEV →
 * indoor coil → gas line → 4-way valve → suction → accumulator → compressor; the sub EEV takes
 * liquid to the accumulator.
 */
export const CYCLE_PIPES = [
  "discharge",
  "suction",
  "outdoorGas",
  "outdoorCoil",
  "outdoorLiquid",
  "liquidLine",
  "subFeed",
  "subReturn",
  "indoorLiquid",
  "indoorCoil",
  "gasLine",
] as const;
export type CyclePipe = (typeof CYCLE_PIPES)[number];

/** Hot gas (discharge), high-pressure liquid, low pressure (evaporating, suction). */
export type CycleSide = "hotGas" | "liquid" | "low";

const COOLING_SIDES: Record<CyclePipe, CycleSide> = {
  discharge: "hotGas",
  suction: "low",
  outdoorGas: "hotGas",
  outdoorCoil: "hotGas",
  outdoorLiquid: "liquid",
  liquidLine: "liquid",
  subFeed: "liquid",
  subReturn: "low",
  indoorLiquid: "low",
  indoorCoil: "low",
  gasLine: "low",
};

// Heating swaps the coils' roles through the 4-way valve: the gas line carries hot gas to the
// indoor coils, which condense; the main EEV expands into the outdoor coil, which evaporates.
const HEATING_SIDES: Record<CyclePipe, CycleSide> = {
  ...COOLING_SIDES,
  outdoorGas: "low",
  outdoorCoil: "low",
  outdoorLiquid: "low",
  indoorLiquid: "liquid",
  indoorCoil: "hotGas",
  gasLine: "hotGas",
};

/** The side of the cycle a pipe is on in a mode. */
export const pipeSide = (pipe: CyclePipe, mode: CycleMode): CycleSide =>
  (mode === "heating" ? HEATING_SIDES : COOLING_SIDES)[pipe];

const ALWAYS_FORWARD: ReadonlySet<CyclePipe> = new Set(["discharge", "suction", "subFeed", "subReturn"]);

/** Whether refrigerant flows against a pipe's drawn (cooling) direction: heating reverses all but the compressor's own. */
export const flowReversed = (pipe: CyclePipe, mode: CycleMode): boolean =>
  mode === "heating" && !ALWAYS_FORWARD.has(pipe);

export const SIDE_COLOURS: Record<CycleSide | "idle", string> = {
  hotGas: "#e03131",
  liquid: "#f08c00",
  low: "#1c7ed6",
  idle: "#adb5bd",
};

/** A pipe's colour: its side's while refrigerant flows, grey while the compressors stand still. */
export const pipeColour = (pipe: CyclePipe, mode: CycleMode, flowing: boolean): string =>
  flowing ? SIDE_COLOURS[pipeSide(pipe, mode)] : SIDE_COLOURS.idle;

/** What the outdoor coil does: condense when cooling, evaporate when heating, nothing while stopped. */
export const outdoorCoilRole = (mode: CycleMode, flowing: boolean): "condenser" | "evaporator" | "idle" =>
  !flowing ? "idle" : mode === "cooling" ? "condenser" : "evaporator";

/** A reading on the drawing, at the precision of its kind; null when the unit has not reported it. */
export const cycleValue = (value: number | null | undefined, digits: number): string | null =>
  value === null || value === undefined || !Number.isFinite(value) ? null : formatReading(value, digits);

/** The newest report among the system's units, or null when none has reported. */
export const latestReport = (units: readonly { reportedAt: string | null }[]): string | null => {
  let latest: string | null = null;
  let latestMs = Number.NEGATIVE_INFINITY;
  for (const unit of units) {
    if (unit.reportedAt === null) continue;
    const ms = toMillis(unit.reportedAt);
    if (!Number.isNaN(ms) && ms > latestMs) {
      latest = unit.reportedAt;
      latestMs = ms;
    }
  }
  return latest;
};

/**
 * Since when an offline checker is offline: its newest change to offline (the history is newest
 * first), else when it was last seen; null when it is not offline or nothing says.
 */
export const offlineSince = (checker: {
  status: string;
  statusHistory: readonly TStatusChange[];
  lastSeenAt: string | null;
}): string | null => {
  if (checker.status !== "offline") return null;
  const change = checker.statusHistory.find((entry) => entry.status === "offline");
  return change?.at ?? checker.lastSeenAt;
};
