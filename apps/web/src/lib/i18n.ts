import { type LanguageCode, languageIdOf } from "@vrf/contract/constants.ts";
import type { Locale as AntdLocale } from "antd/es/locale";
import i18next, { type TFunction } from "i18next";
import { initReactI18next } from "react-i18next";
import { readStorage, StorageKey } from "./storage.ts";

export type LocaleTree = { [key: string]: string | LocaleTree };

/** What every page needs in one language: the texts of the areas any page may show, antd's locale. */
export interface LanguagePack {
  texts: Record<string, LocaleTree>;
  antdLocale: AntdLocale;
}

/** More texts of one language (`src/locales/<language>/<area>.json` by file name), for some pages. */
interface TextsModule {
  texts: Record<string, LocaleTree>;
  /**
   * Makes dayjs format in this language, for the pages these texts are for: only the module
   * shell's pages use dayjs (English is dayjs's own, so the English texts leave dayjs unloaded).
   */
  startDates?: () => void;
}

/**
 * A page shows one language (switching reloads it, lib/language.ts), so only that language is
 * fetched: each pack is a chunk of its own, loaded before the first render, with the texts every
 * page may show (common, errors, menu). The other areas come with the pages that show them, so a
 * first load fetches the texts of its own page only: the sign-in pages' and the module chooser's
 * (`loadSignInTexts`), the dashboard's (`loadDashboardTexts`), the rest (`loadShellTexts`).
 * An area file added by a feature becomes the i18next namespace `<area>` without touching this
 * file (in the shell's part unless it is one of the start pack's, the sign-in pages' or the
 * dashboard's areas).
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

type TextsChunk = () => Promise<TextsModule>;

/** The texts of the sign-in pages and the module chooser, per language (see `loadSignInTexts`). */
const SIGN_IN_TEXTS: Record<LanguageCode, TextsChunk> = {
  en: () => import("./sign-in-texts-en.ts"),
  zh: () => import("./sign-in-texts-zh.ts"),
};

/** The texts of the areas only the module shell's pages use, per language (see `loadShellTexts`). */
const SHELL_TEXTS: Record<LanguageCode, TextsChunk> = {
  en: () => import("./shell-texts-en.ts"),
  zh: () => import("./shell-texts-zh.ts"),
};

/**
 * The distributor dashboard's texts, per language (see `loadDashboardTexts`): the module's home,
 * the page most sessions open first, so it does not wait for the texts of every list and form.
 */
const DASHBOARD_TEXTS: Record<LanguageCode, TextsChunk> = {
  en: () => import("./dashboard-texts-en.ts"),
  zh: () => import("./dashboard-texts-zh.ts"),
};

const addTexts = (language: LanguageCode, texts: Record<string, LocaleTree>) => {
  for (const [file, tree] of Object.entries(texts)) {
    const area = /\/([^/]+)\.json$/.exec(file)?.[1];
    if (area) i18next.addResourceBundle(language, area, tree, true, true);
  }
};

const textsLoaded = new Map<TextsChunk, Promise<void>>();

/** Fetches one chunk of texts and adds its areas, once; dates follow the page's own language only. */
const loadTexts = (language: LanguageCode, chunk: TextsChunk): Promise<void> => {
  let loading = textsLoaded.get(chunk);
  if (!loading) {
    loading = chunk().then(({ texts, startDates }) => {
      addTexts(language, texts);
      if (language === initialLanguage) startDates?.();
    });
    textsLoaded.set(chunk, loading);
  }
  return loading;
};

/** The sign-in pages' texts in the page's language, once: those pages await them with their code. */
export const loadSignInTexts = (language: LanguageCode = currentLanguage()): Promise<void> =>
  loadTexts(language, SIGN_IN_TEXTS[language]);

/**
 * The texts of every other area in the page's language, once: a page of the module shell (and
 * anything shown before it that needs them) awaits this with its own code, so they arrive together.
 */
export const loadShellTexts = (language: LanguageCode = currentLanguage()): Promise<void> =>
  loadTexts(language, SHELL_TEXTS[language]);

/** The dashboard's texts in the page's language, once: the dashboard awaits them with its code. */
export const loadDashboardTexts = (language: LanguageCode = currentLanguage()): Promise<void> =>
  loadTexts(language, DASHBOARD_TEXTS[language]);

/** Fetches a language's pack and all of its texts, the pages' too (one namespace per area file). */
export async function loadLanguage(language: LanguageCode): Promise<LanguagePack> {
  const [pack] = await Promise.all([
    loadStartPack(language),
    loadSignInTexts(language),
    loadShellTexts(language),
    loadDashboardTexts(language),
  ]);
  return pack;
}

/** The pack every page needs: the texts of the areas every page may show, antd's locale. */
async function loadStartPack(language: LanguageCode): Promise<LanguagePack> {
  const { pack } = await PACKS[language]();
  addTexts(language, pack.texts);
  return pack;
}

let antdLocaleOfPage: AntdLocale | undefined;

/** Before the first render (app/main.tsx): the page's language for texts and antd. */
export async function startLanguage(): Promise<void> {
  const pack = await loadStartPack(initialLanguage);
  antdLocaleOfPage = pack.antdLocale;
}

/** antd's strings in the page's language (undefined, i.e. antd's English, before `startLanguage`). */
export const antdLocale = (): AntdLocale | undefined => antdLocaleOfPage;

export const i18n = i18next;

export const currentLanguage = (): LanguageCode => (isLanguageCode(i18next.language) ? i18next.language : "en");

/** languageId of the common request data: 0 Chinese, 1 English. */
export const currentLanguageId = (): number => languageIdOf(currentLanguage());

export const translate: TFunction = ((...args: Parameters<TFunction>) => i18next.t(...args)) as TFunction;
