import {
  DEFAULT_USER_SETTINGS,
  type TUserSettings,
  UI_SIZES,
  type UiSize,
  ZUserSettings,
} from "@vrf/contract/account/user-settings.ts";
import { cookieValue } from "./cookies.ts";

/**
 * SPEC section 3's display settings on the client: the defaults, reading a remembered copy
 * field by field, the `size` cookie SPEC section 4 asks for, and antd's name for a size.
 */

export const SIZE_COOKIE = "size";
const ONE_YEAR_SECONDS = 365 * 24 * 3600;

/** Colours the panel offers in one click; the first is SPEC's theme colour, the second SPEC's other reading. */
export const THEME_PRESETS: readonly string[] = [
  DEFAULT_USER_SETTINGS.themeColor,
  "#409EFF",
  "#2F54EB",
  "#722ED1",
  "#EB2F96",
  "#F5222D",
  "#FA8C16",
  "#52C41A",
];

export type AntdSize = "small" | "middle";

/** antd calls SPEC's "medium" size "middle". */
export const antdSizeOf = (size: UiSize): AntdSize => (size === "medium" ? "middle" : "small");

const isSize = (value: unknown): value is UiSize => (UI_SIZES as readonly unknown[]).includes(value);

/**
 * `base` with every valid field of `stored` laid over it. A copy remembered by an older
 * version, or edited by hand, keeps whatever still passes the contract and drops the rest,
 * instead of losing every setting for one bad field.
 */
export const mergeSettings = (base: TUserSettings, stored: unknown): TUserSettings => {
  if (typeof stored !== "object" || stored === null) return { ...base };
  const merged: Record<string, unknown> = { ...base };
  const shape = ZUserSettings.shape;
  for (const key of Object.keys(shape) as (keyof TUserSettings)[]) {
    const parsed = shape[key].safeParse((stored as Record<string, unknown>)[key]);
    if (parsed.success) merged[key] = parsed.data;
  }
  return merged as TUserSettings;
};

/** A remembered JSON copy, or the defaults when there is none or it does not parse. */
export const settingsFromJson = (json: string | null): TUserSettings => {
  if (!json) return { ...DEFAULT_USER_SETTINGS };
  try {
    return mergeSettings(DEFAULT_USER_SETTINGS, JSON.parse(json));
  } catch {
    return { ...DEFAULT_USER_SETTINGS };
  }
};

/** The `size` cookie's value in a `document.cookie` string, if it names a known size. */
export const sizeFromCookie = (cookies: string): UiSize | null => {
  const value = cookieValue(cookies, SIZE_COOKIE);
  return value !== null && isSize(value) ? value : null;
};

/** The `document.cookie` assignment that remembers a size for a year, for every page of the portal. */
export const sizeCookie = (size: UiSize): string =>
  `${SIZE_COOKIE}=${size}; path=/; max-age=${ONE_YEAR_SECONDS}; SameSite=Lax`;

export const sameSettings = (a: TUserSettings, b: TUserSettings): boolean =>
  a.themeColor === b.themeColor &&
  a.size === b.size &&
  a.tagsView === b.tagsView &&
  a.fixedHeader === b.fixedHeader &&
  a.sidebarLogo === b.sidebarLogo;

/** What a browser shows before the account's settings arrive: the remembered copy, its size from the cookie. */
export const startingSettings = (rememberedJson: string | null, cookies: string): TUserSettings => {
  const remembered = settingsFromJson(rememberedJson);
  const size = sizeFromCookie(cookies);
  return size ? { ...remembered, size } : remembered;
};
