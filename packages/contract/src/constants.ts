/** SPEC section 9 business constants. */
export const HEARTBEAT_MS = 45_000;
export const REQUEST_TIMEOUT_MS = 20_000;
export const PLATFORM_ID = 6;
export const API_VERSION = "2.0";
export const DEFAULT_TIMEZONE = 8;
export const MOBILE_BREAKPOINT_PX = 992;
export const SIDEBAR_WIDTH_PX = 220;
export const THEME_COLOR = "#2BC6C2";
export const MAX_PAGE_SIZE = 200;

export const AUTHORITY = { distributor: 2, checker: 5 } as const;
export type AuthorityNum = (typeof AUTHORITY)[keyof typeof AUTHORITY];
export const AUTHORITIES: readonly AuthorityNum[] = [2, 5];

/** roleNum 1: a distributor organisation's account; 3: a sub-distributor's. */
export const ROLE_NUM = { distributor: 1, subDistributor: 3 } as const;

export const LANGUAGES = [
  { id: 0, code: "zh", name: "中文" },
  { id: 1, code: "en", name: "English" },
] as const;
export type LanguageCode = (typeof LANGUAGES)[number]["code"];
export const languageCodeOf = (id: number): LanguageCode => (id === 0 ? "zh" : "en");
export const languageIdOf = (code: string): number => (code === "zh" ? 0 : 1);

export const MAILBOX_CODE_TYPE = { register: 1, resetPassword: 2 } as const;
