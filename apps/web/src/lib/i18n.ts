import { type LanguageCode, languageIdOf } from "@vrf/contract/constants.ts";
import type { Locale as AntdLocale } from "antd/es/locale";
import i18next, { type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { readStorage, StorageKey } from "./storage.ts";

export type LocaleTree = { [key: string]: string | LocaleTree };

/** One language's texts (`src/locales/<language>/<area>.json` by file name), antd and dayjs locales. */
export interface LanguagePack {
  texts: Record<string, LocaleTree>;
  antdLocale: AntdLocale;
  /** Makes dayjs format in this language (English is dayjs's own, so that pack leaves dayjs unloaded). */
  startDates: () => void;
}

/**
 * A page shows one language (switching reloads it, lib/language.ts), so only that language is
 * fetched: each pack is a chunk of its own, loaded before the first render, with the texts of the
 * pages before the module shell; the other areas' texts come with the shell (`loadShellTexts`).
 * An area file added by a feature becomes the i18next namespace `<area>` without touching this
 * file (in the shell's part unless it is one of the sign-in pages' areas).
 */
const PACKS: Record<LanguageCode, () => Promise<{ pack: LanguagePack }>> = {
  en: () => import("./language-pack-en.ts"),
  zh: () => import("./language-pack-zh.ts"),
};

export const SUPPORTED_LANGUAGES: readonly LanguageCode[] = ["zh", "en"];

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

const initialLanguage = detectLanguage(readStorage(StorageKey.language), browserLanguages());

void i18next.use(initReactI18next).init({
  // Filled by `loadLanguage`: the texts come in their language's pack, not through a backend.
  resources: {},
  lng: initialLanguage,
  fallbackLng: "en",
  supportedLngs: [...SUPPORTED_LANGUAGES],
  defaultNS: "common",
  interpolation: { escapeValue: false },
  returnNull: false,
  initAsync: false,
  showSupportNotice: false,
});

if (typeof document !== "undefined") document.documentElement.lang = initialLanguage === "zh" ? "zh-CN" : "en";

/** The texts of the areas only the module shell's pages use, per language (see `loadShellTexts`). */
const SHELL_TEXTS: Record<LanguageCode, () => Promise<{ texts: Record<string, LocaleTree> }>> = {
  en: () => import("./shell-texts-en.ts"),
  zh: () => import("./shell-texts-zh.ts"),
};

const addTexts = (language: LanguageCode, texts: Record<string, LocaleTree>) => {
  for (const [file, tree] of Object.entries(texts)) {
    const area = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (area) i18next.addResourceBundle(language, area, tree, true, true);
  }
};

const shellTextsLoaded = new Map<LanguageCode, Promise<void>>();

/**
 * The texts of every other area in the page's language, once: the module shell (and anything
 * shown before it that needs them) awaits this with its own code, so they arrive together.
 */
export function loadShellTexts(language: LanguageCode = currentLanguage()): Promise<void> {
  let loading = shellTextsLoaded.get(language);
  if (!loading) {
    loading = SHELL_TEXTS[language]().then(({ texts }) => addTexts(language, texts));
    shellTextsLoaded.set(language, loading);
  }
  return loading;
}

/** Fetches a language's pack and all of its texts, the shell's too (one namespace per area file). */
export async function loadLanguage(language: LanguageCode): Promise<LanguagePack> {
  const [pack] = await Promise.all([loadStartPack(language), loadShellTexts(language)]);
  return pack;
}

/** The pack the pages before the module shell need: their texts, antd's and dayjs's locales. */
async function loadStartPack(language: LanguageCode): Promise<LanguagePack> {
  const { pack } = await PACKS[language]();
  addTexts(language, pack.texts);
  return pack;
}

let antdLocaleOfPage: AntdLocale | undefined;

/** Before the first render (app/main.tsx): the page's language for texts, dates and antd. */
export async function startLanguage(): Promise<void> {
  const pack = await loadStartPack(initialLanguage);
  pack.startDates();
  antdLocaleOfPage = pack.antdLocale;
}

/** antd's strings in the page's language (undefined, i.e. antd's English, before `startLanguage`). */
export const antdLocale = (): AntdLocale | undefined => antdLocaleOfPage;

export const i18n = i18next;

export const currentLanguage = (): LanguageCode => (isLanguageCode(i18next.language) ? i18next.language : "en");

/** languageId of the common request data: 0 Chinese, 1 English. */
export const currentLanguageId = (): number => languageIdOf(currentLanguage());

export const translate: TFunction = ((...args: Parameters<TFunction>) => i18next.t(...args)) as TFunction;
