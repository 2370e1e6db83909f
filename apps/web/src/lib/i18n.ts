import { type LanguageCode, languageIdOf } from "@vrf/contract/constants.ts";
import dayjs from "dayjs";
import "dayjs/locale/zh-cn";
import i18next, { type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { readStorage, StorageKey } from "./storage.ts";

type LocaleTree = { [key: string]: string | LocaleTree };

/**
 * Every `src/locales/<language>/<area>.json` is bundled; an area file added by a
 * feature becomes the i18next namespace `<area>` without touching this file.
 */
const localeFiles = import.meta.glob<LocaleTree>("../locales/*/*.json", { eager: true, import: "default" });

export const SUPPORTED_LANGUAGES: readonly LanguageCode[] = ["zh", "en"];

const buildResources = () => {
  const resources: Record<string, Record<string, LocaleTree>> = {};
  const namespaces = new Set<string>();
  for (const [file, tree] of Object.entries(localeFiles)) {
    const match = /\/locales\/([^/]+)\/([^/]+)\.json$/.exec(file);
    if (!match) continue;
    const [, language, area] = match as unknown as [string, string, string];
    resources[language] ??= {};
    resources[language][area] = tree;
    namespaces.add(area);
  }
  return { resources, namespaces: [...namespaces].sort() };
};

const isLanguageCode = (value: string | null | undefined): value is LanguageCode => value === "zh" || value === "en";

/** SPEC section 9: the stored choice, else the browser's language (zh* -> zh), else English. */
export const detectLanguage = (stored: string | null, browserLanguages: readonly string[]): LanguageCode => {
  if (isLanguageCode(stored)) return stored;
  for (const language of browserLanguages) {
    const lower = language.toLowerCase();
    if (lower.startsWith("zh")) return "zh";
    if (lower.startsWith("en")) return "en";
  }
  return "en";
};

const browserLanguages = (): readonly string[] => {
  if (typeof navigator === "undefined") return [];
  return navigator.languages?.length ? navigator.languages : navigator.language ? [navigator.language] : [];
};

const { resources, namespaces } = buildResources();
export const NAMESPACES: readonly string[] = namespaces;

const initialLanguage = detectLanguage(readStorage(StorageKey.language), browserLanguages());

void i18next.use(initReactI18next).init({
  resources,
  lng: initialLanguage,
  fallbackLng: "en",
  supportedLngs: [...SUPPORTED_LANGUAGES],
  ns: namespaces,
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

dayjs.locale(initialLanguage === "zh" ? "zh-cn" : "en");
if (typeof document !== "undefined") document.documentElement.lang = initialLanguage === "zh" ? "zh-CN" : "en";

export const i18n = i18next;

export const currentLanguage = (): LanguageCode => (isLanguageCode(i18next.language) ? i18next.language : "en");

/** languageId of the common request data: 0 Chinese, 1 English. */
export const currentLanguageId = (): number => languageIdOf(currentLanguage());

export const translate: TFunction = ((...args: Parameters<TFunction>) => i18next.t(...args)) as TFunction;
