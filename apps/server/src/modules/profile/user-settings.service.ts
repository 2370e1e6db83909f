import { DEFAULT_USER_SETTINGS, type TUserSettings } from "@vrf/contract/account/user-settings.ts";
import type { Clock } from "../../clock.ts";
import type { Caller } from "../session/session.service.ts";
import type { UserSettingsRepository } from "./user-settings.repository.ts";

/** SPEC section 3's display settings, kept per account: only ever the caller's own row. */
export const createUserSettingsService = (deps: { settings: UserSettingsRepository; clock: Clock }) => {
  const { settings, clock } = deps;
  return {
    /** The account's saved settings, or SPEC section 9's defaults until it saved any. */
    async get(caller: Caller): Promise<TUserSettings> {
      return (await settings.find(caller.accountId)) ?? { ...DEFAULT_USER_SETTINGS };
    },

    /** Replaces the whole set (the contract requires every field), and answers what is stored now. */
    async save(caller: Caller, input: TUserSettings): Promise<TUserSettings> {
      await settings.upsert(caller.accountId, input, clock.now());
      return this.get(caller);
    },
  };
};

export type UserSettingsService = ReturnType<typeof createUserSettingsService>;
