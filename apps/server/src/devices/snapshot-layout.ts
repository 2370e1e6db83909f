import { FAN_SPEEDS, UNIT_MODES } from "@vrf/contract/device/units.ts";

/**
 * Where a unit's values sit in a `telemetry_snapshots` row (migration 0021): each side's
 * readings are one matrix, a row per unit in the order of the side's addresses and a column per
 * reading, in the order below; an indoor unit's settings are one more matrix of small integers.
 * The writer (unit-snapshots.repository) and every reader take their positions from here.
 */
export const OUTDOOR_READINGS = [
  "compressor_hz",
  "high_pressure_mpa",
  "low_pressure_mpa",
  "discharge_temp_c",
  "suction_temp_c",
  "outdoor_air_temp_c",
  "fan_rpm",
  "eev_main_pulses",
  "eev_sub_pulses",
  "current_a",
] as const;

export const INDOOR_READINGS = [
  "room_temp_c",
  "set_temp_c",
  "eev_pulses",
  "pipe_liquid_temp_c",
  "pipe_gas_temp_c",
] as const;

/** `indoor_settings` columns: power (1 on, 0 off), mode and fan speed as codes, louver position. */
export const INDOOR_SETTINGS = ["power_on", "mode", "fan_speed", "louver"] as const;

export type OutdoorReading = (typeof OUTDOOR_READINGS)[number];
export type IndoorReading = (typeof INDOOR_READINGS)[number];
export type IndoorSetting = (typeof INDOOR_SETTINGS)[number];

/** A reading's column in its side's matrix, 1-based as SQL subscripts are. */
export const outdoorColumn = (reading: OutdoorReading): number => OUTDOOR_READINGS.indexOf(reading) + 1;
export const indoorColumn = (reading: IndoorReading): number => INDOOR_READINGS.indexOf(reading) + 1;
export const settingColumn = (setting: IndoorSetting): number => INDOOR_SETTINGS.indexOf(setting) + 1;

/** A mode's or fan speed's code: its 1-based place in the contract's list (what array_position gives). */
export const modeCode = (mode: (typeof UNIT_MODES)[number]): number => UNIT_MODES.indexOf(mode) + 1;
export const fanSpeedCode = (speed: (typeof FAN_SPEEDS)[number]): number => FAN_SPEEDS.indexOf(speed) + 1;
export const modeOfCode = (code: number | null): (typeof UNIT_MODES)[number] | null =>
  code === null ? null : (UNIT_MODES[code - 1] ?? null);
export const fanSpeedOfCode = (code: number | null): (typeof FAN_SPEEDS)[number] | null =>
  code === null ? null : (FAN_SPEEDS[code - 1] ?? null);
