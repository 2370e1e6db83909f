import type { TDeviceCommand } from "@vrf/contract/devices/commands.ts";
import type { TFunction } from "i18next";
import { formatReading } from "./unit-readings.ts";

/** Which units a command was for: a system's listed indoor units, or all of them. */
export const commandTargetText = (t: TFunction, command: TDeviceCommand): string | null => {
  if (command.systemNumber === null) return null;
  if (!command.indoorAddresses || command.indoorAddresses.length === 0) {
    return t("commands.targetSystem", { system: command.systemNumber });
  }
  return t("commands.targetUnits", { system: command.systemNumber, addresses: command.indoorAddresses.join(", ") });
};

/**
 * A control command's settings in words ("Power on, Cooling, 24 °C, Fan High"), a firmware update
 * with the version it installs; other commands by their kind.
 */
export const commandSettingsText = (t: TFunction, command: TDeviceCommand): string => {
  if (command.type === "ota" && typeof command.params.version === "string") {
    return t("commands.otaTo", { version: command.params.version });
  }
  if (command.type !== "control") return t(`commands.type.${command.type}`);
  const p = command.params;
  const parts: string[] = [];
  if (typeof p.powerOn === "boolean") parts.push(t(p.powerOn ? "commands.power.on" : "commands.power.off"));
  if (typeof p.mode === "string") parts.push(t(`modes.${p.mode}`, { defaultValue: p.mode }));
  if (typeof p.setTempC === "number") parts.push(t("commands.setTemp", { value: formatReading(p.setTempC) }));
  if (typeof p.fanSpeed === "string") {
    parts.push(t("commands.fan", { speed: t(`fanSpeeds.${p.fanSpeed}`, { defaultValue: p.fanSpeed }) }));
  }
  if (typeof p.louver === "number") parts.push(t("commands.louver", { value: p.louver }));
  return parts.join(", ");
};

/**
 * Who sent a command: the issuer's name, marked "(you)" for the signed-in customer's own. A
 * command whose issuer has no name (an account since removed) says "You" or "Another user".
 */
export const commandIssuerText = (
  t: TFunction,
  command: Pick<TDeviceCommand, "issuedBy" | "issuedByName">,
  ownCustomerId: string | null,
): string => {
  const own = ownCustomerId !== null && ownCustomerId !== "" && command.issuedBy === ownCustomerId;
  const name = command.issuedByName.trim();
  if (name === "") return t(own ? "commands.you" : "commands.someoneElse");
  return own ? t("commands.issuerYou", { name }) : name;
};
