import type { TRegion } from "@vrf/contract/basic/language.ts";
import { LANGUAGES } from "@vrf/contract/constants.ts";

/** A country is stored by its region code; older or typed-in values are shown as they are. */
export const countryName = (value: string, regions: readonly TRegion[] | undefined): string =>
  regions?.find((r) => r.code === value)?.name ?? value;

export const languageName = (languageId: number): string =>
  LANGUAGES.find((l) => l.id === languageId)?.name ?? String(languageId);

/** Chinese names read surname first without a space; others given name first. */
export const fullName = (firstName: string, surname: string, uiLanguage: string): string =>
  uiLanguage.startsWith("zh") && /[\u3400-\u9fff]/.test(firstName + surname)
    ? `${surname}${firstName}`
    : [firstName, surname].filter(Boolean).join(" ");

/** Up to two letters for the avatar. */
export const initialsOf = (firstName: string, surname: string, email: string): string => {
  const letters = [firstName, surname]
    .map((part) => [...part.trim()][0] ?? "")
    .join("")
    .toUpperCase();
  return letters || ([...email][0] ?? "?").toUpperCase();
};

/** "Street 12" on one line, either part may be missing. */
export const streetLine = (street: string, houseNumber: string): string =>
  [street, houseNumber].filter(Boolean).join(" ");
