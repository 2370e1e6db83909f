import {
  FAN_SPEEDS,
  LOUVER_POSITIONS,
  SET_TEMPERATURE,
  type TFanSpeed,
  type TIndoorSupports,
  type TLouver,
  type TUnitMode,
  type TUnitSettings,
  UNIT_MODES,
} from "@vrf/contract/device/units.ts";

/** What the remote-control panel offers for one unit or several at once. */
export interface ControlOptions {
  modes: readonly TUnitMode[];
  fanSpeeds: readonly TFanSpeed[];
  louver: boolean;
}

/** Everything SPEC section 9 knows: for a unit that has not said what it supports. */
export const ALL_CONTROL_OPTIONS: ControlOptions = { modes: UNIT_MODES, fanSpeeds: FAN_SPEEDS, louver: true };

/**
 * The settings every target unit supports (a unit whose `supports` is null is not limited), in
 * SPEC's order. The server refuses a setting any target lacks, so several units get the overlap.
 */
export const controlOptions = (supports: readonly (TIndoorSupports | null)[]): ControlOptions => {
  const known = supports.filter((s): s is TIndoorSupports => s !== null);
  return {
    modes: UNIT_MODES.filter((mode) => known.every((s) => s.modes.includes(mode))),
    fanSpeeds: FAN_SPEEDS.filter((speed) => known.every((s) => s.fanSpeeds.includes(speed))),
    louver: known.every((s) => s.louver),
  };
};

/** What the user picked in the panel; untouched fields are absent. */
export type ControlDraft = Partial<TUnitSettings>;

/** A unit's current settings as the list reports them (null: not reported or not one of SPEC's values). */
export interface CurrentSettings {
  powerOn: boolean | null;
  mode: TUnitMode | null;
  fanSpeed: TFanSpeed | null;
  louver: TLouver | null;
  setTempC: number | null;
}

const isMode = (value: string | null): value is TUnitMode => UNIT_MODES.includes(value as TUnitMode);
const isLouver = (value: number | null): value is TLouver => LOUVER_POSITIONS.includes(value as TLouver);

export const currentSettingsOf = (unit: {
  powerOn: boolean;
  mode: string;
  fanSpeed: TFanSpeed | null;
  louver: number | null;
  setTemperature: number | null;
}): CurrentSettings => ({
  powerOn: unit.powerOn,
  mode: isMode(unit.mode) ? unit.mode : null,
  fanSpeed: unit.fanSpeed,
  louver: isLouver(unit.louver) ? unit.louver : null,
  setTempC: unit.setTemperature,
});

/** A set temperature the units accept: within SET_TEMPERATURE, on its half-degree steps. */
export const normaliseSetTemperature = (value: number | null | undefined): number | null => {
  if (value === null || value === undefined || !Number.isFinite(value)) return null;
  const stepped = Math.round(value / SET_TEMPERATURE.step) * SET_TEMPERATURE.step;
  return Math.min(SET_TEMPERATURE.max, Math.max(SET_TEMPERATURE.min, stepped));
};

/**
 * The settings to send: what the user picked that differs from the current state (all of it
 * when there is no single current state, for several units), within what the targets support.
 */
export const settingsToSend = (
  draft: ControlDraft,
  current: CurrentSettings | null,
  options: ControlOptions,
): ControlDraft => {
  const send: ControlDraft = {};
  const changed = <K extends keyof ControlDraft>(key: K) =>
    draft[key] !== undefined && (current === null || draft[key] !== current[key]);
  if (changed("powerOn")) send.powerOn = draft.powerOn;
  if (changed("mode") && draft.mode && options.modes.includes(draft.mode)) send.mode = draft.mode;
  if (changed("fanSpeed") && draft.fanSpeed && options.fanSpeeds.includes(draft.fanSpeed))
    send.fanSpeed = draft.fanSpeed;
  if (changed("louver") && options.louver && draft.louver !== undefined) send.louver = draft.louver;
  if (changed("setTempC")) {
    const temperature = normaliseSetTemperature(draft.setTempC);
    if (temperature !== null && (current === null || temperature !== current.setTempC)) send.setTempC = temperature;
  }
  return send;
};

/** The value a control shows: the user's pick, else the unit's current setting. */
export const shownSetting = <K extends keyof CurrentSettings>(
  draft: ControlDraft,
  current: CurrentSettings | null,
  key: K,
): CurrentSettings[K] | undefined => (draft[key] as CurrentSettings[K] | undefined) ?? current?.[key] ?? undefined;

/** Several units can be controlled in one command when they are of one system of one device. */
export const selectionTarget = <U extends { device: { id: number }; systemNumber: number; address: number }>(
  units: readonly U[],
): { deviceId: number; systemNumber: number; units: readonly U[] } | "mixed" | null => {
  const first = units[0];
  if (!first) return null;
  if (units.some((unit) => unit.device.id !== first.device.id || unit.systemNumber !== first.systemNumber)) {
    return "mixed";
  }
  return { deviceId: first.device.id, systemNumber: first.systemNumber, units };
};

/** Devices that relay remote control to their units (the server refuses the others). */
export const isControllable = (kind: string): boolean => kind === "himit" || kind === "checker";

/** Whether the units' device is offline: the server refuses commands to it, so the panel offers none. */
export const isDeviceOffline = (units: readonly { device: { status: string } }[]): boolean =>
  units.some((unit) => unit.device.status === "offline");

/**
 * The selected units as the list shows them now (their device's state and settings refresh with
 * live events); a selected unit no longer on the page stays as it was when picked.
 */
export const latestOfSelection = <U extends { id: number }>(
  selected: readonly U[],
  rows: readonly U[] | undefined,
): U[] => {
  if (!rows || rows.length === 0) return [...selected];
  const byId = new Map(rows.map((row) => [row.id, row]));
  return selected.map((unit) => byId.get(unit.id) ?? unit);
};
