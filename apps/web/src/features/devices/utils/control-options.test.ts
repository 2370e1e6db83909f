import { FAN_SPEEDS, UNIT_MODES } from "@vrf/contract/device/units.ts";
import { describe, expect, it } from "vitest";
import {
  ALL_CONTROL_OPTIONS,
  type CurrentSettings,
  controlOptions,
  currentSettingsOf,
  isDeviceOffline,
  latestOfSelection,
  normaliseSetTemperature,
  selectionTarget,
  settingsToSend,
} from "./control-options.ts";

const small = {
  modes: ["cooling", "heating", "fan", "auto"],
  fanSpeeds: ["high", "mid", "low", "auto"],
  louver: false,
} as const;

describe("controlOptions", () => {
  it("offers everything for a unit that has not said what it supports", () => {
    expect(controlOptions([null])).toEqual({ modes: UNIT_MODES, fanSpeeds: FAN_SPEEDS, louver: true });
    expect(controlOptions([])).toEqual(ALL_CONTROL_OPTIONS);
  });

  it("offers only a unit's supported modes and fan speeds, in SPEC's order, and the louver only if it has one", () => {
    expect(
      controlOptions([{ modes: ["auto", "cooling", "comfort1"], fanSpeeds: ["low", "superHigh"], louver: true }]),
    ).toEqual({ modes: ["cooling", "auto", "comfort1"], fanSpeeds: ["superHigh", "low"], louver: true });
    expect(controlOptions([{ ...small, modes: [...small.modes], fanSpeeds: [...small.fanSpeeds] }]).louver).toBe(false);
  });

  it("offers several units what they all support; units that have not said do not limit it", () => {
    const options = controlOptions([
      { modes: ["cooling", "heating", "dry"], fanSpeeds: ["high", "low", "silence"], louver: true },
      null,
      { modes: ["cooling", "dry", "fan"], fanSpeeds: ["high", "silence"], louver: false },
    ]);
    expect(options).toEqual({ modes: ["cooling", "dry"], fanSpeeds: ["high", "silence"], louver: false });
  });
});

describe("currentSettingsOf", () => {
  it("reads the list row, keeping only SPEC's values", () => {
    expect(
      currentSettingsOf({ powerOn: true, mode: "cooling", fanSpeed: "high", louver: 2, setTemperature: 24.5 }),
    ).toEqual({ powerOn: true, mode: "cooling", fanSpeed: "high", louver: 2, setTempC: 24.5 });
    expect(currentSettingsOf({ powerOn: false, mode: "", fanSpeed: null, louver: 9, setTemperature: null })).toEqual({
      powerOn: false,
      mode: null,
      fanSpeed: null,
      louver: null,
      setTempC: null,
    });
  });
});

describe("normaliseSetTemperature", () => {
  it("keeps the units' limits and half-degree steps", () => {
    expect(normaliseSetTemperature(24)).toBe(24);
    expect(normaliseSetTemperature(24.3)).toBe(24.5);
    expect(normaliseSetTemperature(24.2)).toBe(24);
    expect(normaliseSetTemperature(10)).toBe(16);
    expect(normaliseSetTemperature(40)).toBe(32);
    expect(normaliseSetTemperature(null)).toBeNull();
    expect(normaliseSetTemperature(Number.NaN)).toBeNull();
  });
});

describe("settingsToSend", () => {
  const current: CurrentSettings = { powerOn: false, mode: "heating", fanSpeed: "low", louver: 1, setTempC: 21 };

  it("sends what the user changed, nothing they left or set back to the current value", () => {
    expect(
      settingsToSend({ powerOn: true, mode: "cooling", setTempC: 24, fanSpeed: "high" }, current, ALL_CONTROL_OPTIONS),
    ).toEqual({ powerOn: true, mode: "cooling", setTempC: 24, fanSpeed: "high" });
    expect(settingsToSend({ mode: "heating", setTempC: 21 }, current, ALL_CONTROL_OPTIONS)).toEqual({});
    expect(settingsToSend({}, current, ALL_CONTROL_OPTIONS)).toEqual({});
  });

  it("sends every pick for several units (no single current state)", () => {
    expect(settingsToSend({ powerOn: false, fanSpeed: "low" }, null, ALL_CONTROL_OPTIONS)).toEqual({
      powerOn: false,
      fanSpeed: "low",
    });
  });

  it("never sends what the targets do not support", () => {
    const options = {
      modes: ["cooling", "heating", "fan", "auto"],
      fanSpeeds: ["high", "low"],
      louver: false,
    } as const;
    expect(settingsToSend({ mode: "dry", fanSpeed: "silence", louver: 3, powerOn: true }, current, options)).toEqual({
      powerOn: true,
    });
  });

  it("sends a set temperature on the units' steps", () => {
    expect(settingsToSend({ setTempC: 23.7 }, current, ALL_CONTROL_OPTIONS)).toEqual({ setTempC: 23.5 });
    expect(settingsToSend({ setTempC: 21.1 }, current, ALL_CONTROL_OPTIONS)).toEqual({});
  });
});

describe("selectionTarget", () => {
  const unit = (device: number, systemNumber: number, address: number) => ({
    device: { id: device },
    systemNumber,
    address,
  });

  it("controls units of one system of one device together", () => {
    const units = [unit(7, 0, 1), unit(7, 0, 4)];
    expect(selectionTarget(units)).toEqual({ deviceId: 7, systemNumber: 0, units });
  });

  it("refuses a mix of systems or devices, and has nothing to control without a selection", () => {
    expect(selectionTarget([unit(7, 0, 1), unit(7, 1, 1)])).toBe("mixed");
    expect(selectionTarget([unit(7, 0, 1), unit(8, 0, 2)])).toBe("mixed");
    expect(selectionTarget([])).toBeNull();
  });
});

describe("isDeviceOffline", () => {
  const on = (status: string) => ({ device: { status } });

  it("locks the controls when the units' device is offline, in any other state it offers them", () => {
    expect(isDeviceOffline([on("offline")])).toBe(true);
    expect(isDeviceOffline([on("online"), on("offline")])).toBe(true);
    expect(isDeviceOffline([on("online")])).toBe(false);
    expect(isDeviceOffline([on("standby"), on("collecting")])).toBe(false);
    expect(isDeviceOffline([])).toBe(false);
  });
});

describe("latestOfSelection", () => {
  const row = (id: number, status: string) => ({ id, device: { status } });

  it("takes each selected unit as the page shows it now, keeping those no longer on it", () => {
    const selected = [row(1, "online"), row(2, "online")];
    expect(latestOfSelection(selected, [row(2, "offline"), row(3, "online")])).toEqual([
      row(1, "online"),
      row(2, "offline"),
    ]);
    expect(latestOfSelection(selected, undefined)).toEqual(selected);
    expect(latestOfSelection([], [row(2, "offline")])).toEqual([]);
  });
});
