import type { TDeviceCommand } from "@vrf/contract/devices/commands.ts";
import type { TFunction } from "i18next";
import { describe, expect, it } from "vitest";
import { commandIssuerText, commandSettingsText, commandTargetText } from "./command-summary.ts";

const t = ((key: string, values?: Record<string, unknown>) => {
  const rest = Object.entries(values ?? {})
    .filter(([name]) => name !== "defaultValue")
    .map(([name, value]) => `${name}=${String(value)}`);
  return rest.length ? `${key}(${rest.join(";")})` : key;
}) as unknown as TFunction;

const command = (overrides: Partial<TDeviceCommand>): TDeviceCommand => ({
  id: "c1",
  deviceId: 7,
  type: "control",
  systemNumber: 0,
  indoorAddresses: [3],
  params: {},
  status: "confirmed",
  issuedByName: "Demo Distributor",
  issuedBy: "u1",
  issuedAt: "2026-03-10T10:00:00.000Z",
  finishedAt: null,
  ...overrides,
});

describe("commandSettingsText", () => {
  it("names each setting a control command carried, in a fixed order", () => {
    expect(
      commandSettingsText(
        t,
        command({ params: { fanSpeed: "high", setTempC: 24, mode: "cooling", powerOn: true, louver: 2 } }),
      ),
    ).toBe(
      "commands.power.on, modes.cooling, commands.setTemp(value=24), commands.fan(speed=fanSpeeds.high), commands.louver(value=2)",
    );
  });

  it("names other commands by their kind", () => {
    expect(commandSettingsText(t, command({ type: "taskStop", params: {} }))).toBe("commands.type.taskStop");
    expect(commandSettingsText(t, command({ type: "ota", params: {} }))).toBe("commands.type.ota");
  });

  it("names the version a firmware update installs", () => {
    expect(commandSettingsText(t, command({ type: "ota", params: { version: "2.0" } }))).toBe(
      "commands.otaTo(version=2.0)",
    );
  });
});

describe("commandTargetText", () => {
  it("names the system and the indoor units, or the whole system", () => {
    expect(commandTargetText(t, command({ indoorAddresses: [3, 5] }))).toBe(
      "commands.targetUnits(system=0;addresses=3, 5)",
    );
    expect(commandTargetText(t, command({ indoorAddresses: null }))).toBe("commands.targetSystem(system=0)");
    expect(commandTargetText(t, command({ systemNumber: null, indoorAddresses: null }))).toBeNull();
  });
});

describe("commandIssuerText", () => {
  it("names the issuer, marking the signed-in customer's own commands", () => {
    expect(commandIssuerText(t, command({ issuedBy: "u1" }), "u1")).toBe("commands.issuerYou(name=Demo Distributor)");
    expect(commandIssuerText(t, command({ issuedBy: "u2", issuedByName: "Li Wei" }), "u1")).toBe("Li Wei");
  });

  it("falls back to you or another user when the issuer has no name", () => {
    expect(commandIssuerText(t, command({ issuedBy: "u1", issuedByName: " " }), "u1")).toBe("commands.you");
    expect(commandIssuerText(t, command({ issuedBy: "u2", issuedByName: "" }), "u1")).toBe("commands.someoneElse");
  });

  it("claims nothing as the user's own without a known customer id", () => {
    expect(commandIssuerText(t, command({ issuedBy: "" }), "")).toBe("Demo Distributor");
    expect(commandIssuerText(t, command({ issuedBy: "u1" }), null)).toBe("Demo Distributor");
  });
});
