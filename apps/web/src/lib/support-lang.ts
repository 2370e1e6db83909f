import type { LanguageCode } from "@vrf/contract/constants.ts";

/** One entry of `getLanguageList`, as kept under the `supportLang` key (SPEC section 3). */
export interface SupportedLanguage {
  id: number;
  code: string;
  name: string;
}

const isSupportedLanguage = (value: unknown): value is SupportedLanguage =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as SupportedLanguage).id === "number" &&
  typeof (value as SupportedLanguage).code === "string" &&
  typeof (value as SupportedLanguage).name === "string";

/** The stored list, or null when there is none or it is not a list of languages. */
export const parseSupportLang = (raw: string | null): SupportedLanguage[] | null => {
  if (!raw) return null;
  try {
    const value: unknown = JSON.parse(raw);
    return Array.isArray(value) && value.every(isSupportedLanguage) ? value : null;
  } catch {
    return null;
  }
};

/**
 * The languages the selector offers: the server's list in its order, limited to those the
 * web has texts for. Before the list is known (or should it name none of them), every
 * language the web has.
 */
export const offeredLanguages = (
  list: readonly SupportedLanguage[] | null | undefined,
  withTexts: readonly LanguageCode[],
): LanguageCode[] => {
  const offered = (list ?? [])
    .map((l) => l.code)
    .filter(
      (code, i, all): code is LanguageCode => withTexts.includes(code as LanguageCode) && all.indexOf(code) === i,
    );
  return offered.length > 0 ? offered : [...withTexts];
};
