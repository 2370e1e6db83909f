import {
  DEFAULT_USER_SETTINGS,
  getUserSettings,
  type TUserSettings,
  updateUserSettings,
} from "@vrf/contract/account/user-settings.ts";
import { useSyncExternalStore } from "react";
import { call } from "../lib/api-client.ts";
import { onSessionChange } from "../lib/session.ts";
import { readStorage, removeStorage, StorageKey, writeStorage } from "../lib/storage.ts";
import { sameSettings, sizeCookie, sizeFromCookie, startingSettings } from "../lib/user-settings.ts";

/**
 * The display settings the app shows (SPEC section 3): the account's saved set, and while the
 * settings panel is open a preview of unsaved changes laid over it. The account's set comes
 * from the server (so a new browser gets it); a copy in localStorage and the `size` cookie
 * let a reload paint the right colour and size before the server answers.
 */
export interface UserSettingsState {
  saved: TUserSettings;
  /** Unsaved changes shown live while the panel is open; null when there are none. */
  preview: TUserSettings | null;
}

const documentCookies = (): string => (typeof document === "undefined" ? "" : document.cookie);

const rememberSize = (settings: TUserSettings) => {
  if (typeof document === "undefined") return;
  // biome-ignore lint/suspicious/noDocumentCookie: SPEC section 4 keeps the size choice in a cookie; the Cookie Store API is not in every supported browser.
  document.cookie = sizeCookie(settings.size);
};

let state: UserSettingsState = {
  saved: startingSettings(readStorage(StorageKey.userSettings), documentCookies()),
  preview: null,
};
const listeners = new Set<() => void>();
const setState = (next: UserSettingsState) => {
  state = next;
  for (const listener of listeners) listener();
};

/** The account's set as the server has it: remembered for the next reload, its size in the cookie. */
const keep = (settings: TUserSettings, preview: TUserSettings | null) => {
  writeStorage(StorageKey.userSettings, JSON.stringify(settings));
  rememberSize(settings);
  setState({ saved: settings, preview });
};

export const userSettingsStore = {
  get: (): UserSettingsState => state,
  subscribe: (listener: () => void): (() => void) => {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  /** The account's settings as the server has them (after sign-in); a failure keeps what is shown. */
  async load(): Promise<void> {
    try {
      const loaded = await call(getUserSettings, {}, { silent: true });
      keep(loaded, state.preview);
    } catch {
      // The remembered copy (or the defaults) stays until the next load.
    }
  },
  /** Shows `next` without saving it; a preview equal to the saved set is no preview. */
  preview(next: TUserSettings): void {
    setState({ saved: state.saved, preview: sameSettings(next, state.saved) ? null : next });
  },
  /** Drops the unsaved changes: back to the saved set. */
  discardPreview(): void {
    if (state.preview) setState({ saved: state.saved, preview: null });
  },
  /** Saves what is shown for the account; throws the api error when refused. */
  async save(): Promise<void> {
    const shown = state.preview ?? state.saved;
    keep(await call(updateUserSettings, shown, { silent: true }), null);
  },
};

// Someone else may sign in next in this browser: forget the account's copy, keep the size cookie.
onSessionChange((change) => {
  if (change !== "cleared") return;
  removeStorage(StorageKey.userSettings);
  const size = sizeFromCookie(documentCookies());
  setState({ saved: { ...DEFAULT_USER_SETTINGS, ...(size ? { size } : {}) }, preview: null });
});

const shownOf = (s: UserSettingsState): TUserSettings => s.preview ?? s.saved;

export const useUserSettingsState = (): UserSettingsState =>
  useSyncExternalStore(userSettingsStore.subscribe, userSettingsStore.get, userSettingsStore.get);

/** The settings the app shows now: the preview while there is one, else the saved set. */
export const useShownSettings = (): TUserSettings => shownOf(useUserSettingsState());
