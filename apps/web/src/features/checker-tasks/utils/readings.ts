import {
  FAN_SPEEDS,
  STATUS_WORDS,
  type TFanSpeed,
  type TStatusWord,
  type TUnitMode,
  UNIT_MODES,
} from "@vrf/contract/device/units.ts";
import { UNIT_HISTORY_MAX_DAYS } from "@vrf/contract/devices/unit-history.ts";
import type { TReadingsRequest } from "@vrf/contract/hi-checker/task-data.ts";
import { RANGES } from "@vrf/contract/rules.ts";

/**
 * A collection task's data page (checkerData): one unit of the task's checker, its charts over
 * the task's period and its readings page by page.
 */
export type UnitSide = "outdoor" | "indoor";

export interface UnitChoice {
  side: UnitSide;
  systemNumber: number;
  address: number;
}

/** The unit and the page as the address bar holds them (`?taskId=…&side=indoor&system=1&unit=5&page=2`). */
export interface ReadingsQueryState {
  /** Null: none chosen yet (the page takes the checker's first outdoor unit). */
  unit: UnitChoice | null;
  page: number;
  pageSize: number;
}

export const READING_PAGE_SIZES = [20, 50, 100, 200] as const;
const DEFAULT_PAGE_SIZE = 20;

const intIn = (value: string | null, range: { min: number; max: number }): number | null => {
  if (value === null || !/^\d{1,7}$/.test(value)) return null;
  const n = Number(value);
  return n >= range.min && n <= range.max ? n : null;
};

const addressRange = (side: UnitSide) => (side === "outdoor" ? RANGES.outdoorAddress : RANGES.indoorAddress);

export const readReadingsQuery = (params: URLSearchParams): ReadingsQueryState => {
  const side = params.get("side");
  const size = intIn(params.get("size"), { min: 1, max: 200 });
  let unit: UnitChoice | null = null;
  if (side === "outdoor" || side === "indoor") {
    const systemNumber = intIn(params.get("system"), RANGES.systemNumber);
    const address = intIn(params.get("unit"), addressRange(side));
    if (systemNumber !== null && address !== null) unit = { side, systemNumber, address };
  }
  return {
    unit,
    page: intIn(params.get("page"), { min: 1, max: 1_000_000 }) ?? 1,
    pageSize: size && (READING_PAGE_SIZES as readonly number[]).includes(size) ? size : DEFAULT_PAGE_SIZE,
  };
};

/** The task first, then the unit when chosen, then only what differs from the defaults. */
export const writeReadingsQuery = (taskId: string, state: ReadingsQueryState): URLSearchParams => {
  const params = new URLSearchParams({ taskId });
  if (state.unit) {
    params.set("side", state.unit.side);
    params.set("system", String(state.unit.systemNumber));
    params.set("unit", String(state.unit.address));
  }
  if (state.page > 1) params.set("page", String(state.page));
  if (state.pageSize !== DEFAULT_PAGE_SIZE) params.set("size", String(state.pageSize));
  return params;
};

export const toReadingsRequest = (taskId: string, unit: UnitChoice, state: ReadingsQueryState): TReadingsRequest => ({
  taskId,
  side: unit.side,
  systemNumber: unit.systemNumber,
  address: unit.address,
  pageNum: state.page,
  pageSize: state.pageSize,
});

/** "indoor:1:5": a unit choice as one select value. */
export const unitKey = (unit: UnitChoice): string => `${unit.side}:${unit.systemNumber}:${unit.address}`;

export const parseUnitKey = (key: string): UnitChoice | null => {
  const [side, system, address] = key.split(":");
  if (side !== "outdoor" && side !== "indoor") return null;
  const systemNumber = intIn(system ?? null, RANGES.systemNumber);
  const unitAddress = intIn(address ?? null, addressRange(side));
  return systemNumber === null || unitAddress === null ? null : { side, systemNumber, address: unitAddress };
};

const byPlace = (a: { systemNumber: number; address: number }, b: { systemNumber: number; address: number }) =>
  a.systemNumber - b.systemNumber || a.address - b.address;

/** Units in the order the choice lists them: by system, then address. */
export const sortUnits = <T extends { systemNumber: number; address: number }>(units: readonly T[]): T[] =>
  [...units].sort(byPlace);

/** The unit shown when none is chosen: the checker's first outdoor unit, else its first indoor unit. */
export const defaultUnit = (
  outdoor: readonly { systemNumber: number; address: number }[],
  indoor: readonly { systemNumber: number; address: number }[],
): UnitChoice | null => {
  const first = sortUnits(outdoor)[0];
  if (first) return { side: "outdoor", systemNumber: first.systemNumber, address: first.address };
  const firstIndoor = sortUnits(indoor)[0];
  return firstIndoor ? { side: "indoor", systemNumber: firstIndoor.systemNumber, address: firstIndoor.address } : null;
};

const DAY_MS = 86_400_000;

/**
 * The period the unit's charts cover: the task's, from its start to its end (or to now while it
 * runs), as the history endpoint takes it: at most UNIT_HISTORY_MAX_DAYS (the latest part of a
 * longer one) and never empty. Null before the task started.
 */
export const historyWindow = (
  startedAt: string | null,
  endedAt: string | null,
  now: number,
): { from: string; to: string } | null => {
  if (startedAt === null) return null;
  const start = Date.parse(startedAt);
  if (Number.isNaN(start)) return null;
  const endParsed = endedAt === null ? now : Date.parse(endedAt);
  const end = Math.max(Number.isNaN(endParsed) ? now : endParsed, start + 1000);
  const from = Math.max(start, end - UNIT_HISTORY_MAX_DAYS * DAY_MS);
  return { from: new Date(from).toISOString(), to: new Date(end).toISOString() };
};

/** SPEC section 9's status word for its code (0 STOP, 1 TH OFF, 2 TH ON, 3 ALARM); null when unknown. */
export const statusWordOf = (code: number | null): TStatusWord | null =>
  code === null
    ? null
    : ((Object.keys(STATUS_WORDS) as TStatusWord[]).find((word) => STATUS_WORDS[word] === code) ?? null);

export const STATUS_WORD_COLOURS: Record<TStatusWord, string> = {
  STOP: "default",
  "TH OFF": "blue",
  "TH ON": "green",
  ALARM: "red",
};

/** The unit a reading is measured in (its column header says it), and how many decimals it shows. */
const FIELD_DIGITS: Readonly<Record<string, number>> = {
  compressorHz: 1,
  highPressureMpa: 2,
  lowPressureMpa: 2,
  dischargeTempC: 1,
  suctionTempC: 1,
  outdoorAirTempC: 1,
  fanRpm: 0,
  eevMainPulses: 0,
  eevSubPulses: 0,
  currentA: 1,
  roomTempC: 1,
  setTempC: 1,
  eevPulses: 0,
  pipeLiquidTempC: 1,
  pipeGasTempC: 1,
};

/** A reading with at most `digits` decimals, trailing zeros dropped: 23.40 -> "23.4", 24 -> "24". */
export const formatReading = (value: number, digits: number): string => {
  const factor = 10 ** digits;
  const rounded = Math.round(value * factor) / factor;
  return String(Object.is(rounded, -0) ? 0 : rounded);
};

/** What one cell of the readings table shows; the words come from the texts. */
export type ReadingCell =
  | { kind: "none" }
  | { kind: "number"; text: string }
  | { kind: "power"; on: boolean }
  | { kind: "mode"; mode: TUnitMode }
  | { kind: "fanSpeed"; speed: TFanSpeed }
  | { kind: "code"; code: number };

/**
 * A field's value for its cell: numbers rounded to the field's precision, power on or off, mode
 * and fan speed from their 1-based codes (UNIT_MODES, FAN_SPEEDS), a code the portal does not
 * know as itself, louver as its position.
 */
export const readingCell = (field: string, value: number | null | undefined): ReadingCell => {
  if (value === null || value === undefined || !Number.isFinite(value)) return { kind: "none" };
  switch (field) {
    case "powerOn":
      return { kind: "power", on: value !== 0 };
    case "mode": {
      const mode = UNIT_MODES[value - 1];
      return mode ? { kind: "mode", mode } : { kind: "code", code: value };
    }
    case "fanSpeed": {
      const speed = FAN_SPEEDS[value - 1];
      return speed ? { kind: "fanSpeed", speed } : { kind: "code", code: value };
    }
    default:
      return { kind: "number", text: formatReading(value, FIELD_DIGITS[field] ?? 1) };
  }
};

/** Fields shown as words (power, mode, fan speed); the others are numbers, aligned right. */
const WORD_FIELDS: ReadonlySet<string> = new Set(["powerOn", "mode", "fanSpeed"]);
export const isNumericField = (field: string): boolean => !WORD_FIELDS.has(field);

/** Column widths: figures are short, their headers (with the unit) wrap to two lines; words a little wider. */
export const fieldWidth = (field: string): number => {
  if (field === "mode" || field === "fanSpeed") return 100;
  if (field === "powerOn" || field === "louver") return 72;
  // "Compressor" is the one long word of the headers.
  if (field === "compressorHz") return 100;
  return 92;
};
