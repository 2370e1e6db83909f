import type { TFunction } from "i18next";
import { commandNameOf, hexByte, partyOf } from "../utils/bus-frames.ts";

/** "Indoor 5 (0x25)", "Controller (0x70)", "Address 0x12" in the page's language. */
export const partyText = (t: TFunction, address: number): string => {
  const party = partyOf(address);
  if (party.key === "unassigned") return t("checkerTasks:party.unassigned", { hex: party.hex });
  return `${t(`checkerTasks:party.${party.key}`, { unit: party.unit })} (${party.hex})`;
};

/** What a command code means: "Indoor unit status", "Unknown command". */
export const commandMeaning = (t: TFunction, code: number): string =>
  t(`checkerTasks:commands.${commandNameOf(code)}`, { defaultValue: t("checkerTasks:commands.unknown") });

/** "0x11 · Indoor unit status". */
export const commandText = (t: TFunction, code: number): string => `${hexByte(code)} · ${commandMeaning(t, code)}`;
