/**
 * localStorage keys of SPEC section 3, plus the sidebar choice. Reads and
 * writes never throw: private browsing modes and tests without a DOM simply
 * behave as an empty store.
 */
export const StorageKey = {
  customerId: "customerId",
  loginName: "loginName",
  authorityNum: "authorityNum",
  roleNum: "roleNum",
  roles: "roles",
  language: "language",
  defaultLanguageId: "defaultLanguageId",
  webClientId: "webClientId",
  supportLang: "supportLang",
  account: "account",
  token: "t",
  /** The sign-in's own token, kept beside the module token: only it may open or switch a module session. */
  accountToken: "at",
  sidebarOpened: "sidebarOpened",
  /** The signed-in account's display settings as last loaded, so a reload paints them at once. */
  userSettings: "userSettings",
} as const;
export type StorageKeyName = (typeof StorageKey)[keyof typeof StorageKey];

const store = (): Storage | undefined => {
  try {
    return typeof localStorage === "undefined" ? undefined : localStorage;
  } catch {
    return undefined;
  }
};

export const readStorage = (key: StorageKeyName): string | null => {
  try {
    return store()?.getItem(key) ?? null;
  } catch {
    return null;
  }
};

export const writeStorage = (key: StorageKeyName, value: string | number): void => {
  try {
    store()?.setItem(key, String(value));
  } catch {
    // Quota or privacy mode: the value just is not remembered.
  }
};

export const removeStorage = (key: StorageKeyName): void => {
  try {
    store()?.removeItem(key);
  } catch {
    // Nothing to remove.
  }
};

export const getToken = (): string | null => readStorage(StorageKey.token) || null;
export const setToken = (token: string): void => writeStorage(StorageKey.token, token);
export const removeToken = (): void => removeStorage(StorageKey.token);
export const getAccountToken = (): string | null => readStorage(StorageKey.accountToken) || null;

/** The module the session is signed in to (2 distributor, 5 checker), if one was chosen. */
export const getAuthorityNum = (): number | null => {
  const value = Number(readStorage(StorageKey.authorityNum));
  return Number.isInteger(value) && value > 0 ? value : null;
};

export const getRoleNum = (): number | null => {
  const raw = readStorage(StorageKey.roleNum);
  if (raw === null || raw === "") return null;
  const value = Number(raw);
  return Number.isInteger(value) ? value : null;
};

/** Parses the stored comma-separated authority list, e.g. "2,5" -> [2, 5]. */
export const parseRoles = (raw: string | null | undefined): number[] =>
  (raw ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n) => Number.isInteger(n) && n > 0);

export const getRoles = (): number[] => parseRoles(readStorage(StorageKey.roles));

const randomId = (): string => {
  if (typeof crypto !== "undefined" && typeof crypto.randomUUID === "function") return crypto.randomUUID();
  return `${Date.now().toString(36)}-${Math.random().toString(36).slice(2)}`;
};

/** One id per browser, generated on first use and kept: the live socket is keyed by it. */
export const getWebClientId = (): string => {
  const existing = readStorage(StorageKey.webClientId);
  if (existing) return existing;
  const id = randomId();
  writeStorage(StorageKey.webClientId, id);
  return id;
};

/** Sidebar open unless the user closed it before. */
export const getSidebarOpened = (): boolean => readStorage(StorageKey.sidebarOpened) !== "0";
export const setSidebarOpened = (opened: boolean): void => writeStorage(StorageKey.sidebarOpened, opened ? "1" : "0");
