import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import { useSyncExternalStore } from "react";
import { onSessionChange } from "../lib/session.ts";

export interface UserInfo {
  customerId: string;
  account: string;
  name: string;
  avatar: string;
  roleNum: number;
  authorityNum: number;
  roles: number[];
}

export interface RememberChoice {
  rememberSelect: 1 | 2;
  selectMode: number | null;
}

export interface UserState {
  permissionsLoaded: boolean;
  user: UserInfo | null;
  menu: readonly TMenuEntry[];
  allowedRoutes: ReadonlySet<string>;
  remember: RememberChoice | null;
  /** Bumped on every session change so views that read localStorage re-render. */
  sessionVersion: number;
}

const emptyState = (sessionVersion: number): UserState => ({
  permissionsLoaded: false,
  user: null,
  menu: [],
  allowedRoutes: new Set(),
  remember: null,
  sessionVersion,
});

let state: UserState = emptyState(0);
const listeners = new Set<() => void>();

const setState = (next: UserState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** Signed-in user, menu tree and allowed routes of the current module; empty until the guard loads them. */
export const userStore = {
  get: (): UserState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  setPermissions: (loaded: {
    user: UserInfo;
    menu: readonly TMenuEntry[];
    allowedRoutes: ReadonlySet<string>;
    remember: RememberChoice | null;
  }): void => setState({ ...state, ...loaded, permissionsLoaded: true }),
  reset: (): void => setState(emptyState(state.sessionVersion + 1)),
};

// Any sign-in, module switch or sign-out invalidates what was loaded for the previous session.
onSessionChange(() => userStore.reset());

export const useUserState = (): UserState => useSyncExternalStore(userStore.subscribe, userStore.get, userStore.get);
