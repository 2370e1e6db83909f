import { PASSWORD_MAX, PASSWORD_MIN, passwordProblem } from "@vrf/contract/rules.ts";

export type PasswordHintKey = "length" | "noChinese" | "noSpaces";

export interface PasswordHint {
  key: PasswordHintKey;
  met: boolean;
}

// Each character is checked with the contract's own rule (padded to a valid length), so the
// hints can never disagree with what the server accepts.
const breaksFormat = (character: string): boolean =>
  passwordProblem(character.padStart(PASSWORD_MIN, "a")) === "format";

/** The live checklist under a new-password field, in display order. */
export const passwordHints = (value: string): PasswordHint[] => {
  const characters = [...value];
  const spaces = characters.some((c) => /\s/.test(c));
  const chinese = characters.some((c) => !/\s/.test(c) && breaksFormat(c));
  return [
    { key: "length", met: value.length >= PASSWORD_MIN && value.length <= PASSWORD_MAX },
    { key: "noChinese", met: !chinese },
    { key: "noSpaces", met: !spaces },
  ];
};
