import type { TLoginPwdResponse } from "@vrf/contract/account/login.ts";
import { removeStorage, StorageKey, setToken, writeStorage } from "./storage.ts";

/**
 * - "login": an account token was stored (no module chosen yet);
 * - "module": a module token replaced it (the authority may have changed);
 * - "cleared": signed out, or the session was found to be invalid.
 * Stores that depend on the session (user and menu, open tabs) listen and reset.
 */
export type SessionChange = "login" | "module" | "cleared";
type Listener = (change: SessionChange) => void;

const listeners = new Set<Listener>();

export const onSessionChange = (listener: Listener): (() => void) => {
  listeners.add(listener);
  return () => listeners.delete(listener);
};

const emit = (change: SessionChange) => {
  for (const listener of listeners) listener(change);
};

/** Forgets who is signed in (token, roles, authority, account) and tells the tabs and user stores. */
export const clearSession = (): void => {
  for (const key of [
    StorageKey.token,
    StorageKey.accountToken,
    StorageKey.roles,
    StorageKey.authorityNum,
    StorageKey.roleNum,
    StorageKey.customerId,
    StorageKey.account,
    StorageKey.loginName,
  ] as const) {
    removeStorage(key);
  }
  emit("cleared");
};

/** After `login_pwd`: the account token; the module is chosen next on /restrict. */
export const saveLogin = (resp: TLoginPwdResponse): void => {
  setToken(resp.accessToken);
  writeStorage(StorageKey.accountToken, resp.accessToken);
  writeStorage(StorageKey.customerId, resp.customerId);
  writeStorage(StorageKey.account, resp.account);
  writeStorage(StorageKey.loginName, resp.account);
  writeStorage(StorageKey.roles, resp.roles);
  removeStorage(StorageKey.authorityNum);
  removeStorage(StorageKey.roleNum);
  emit("login");
};

/** After `sys/login`: the module token replaces the stored one; permissions are reloaded on the next navigation. */
export const saveModuleToken = (token: string, authorityNum: number): void => {
  setToken(token);
  writeStorage(StorageKey.authorityNum, authorityNum);
  emit("module");
};
