import type { TProfileInput } from "@vrf/contract/account/profile.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import type { Caller } from "../session/session.service.ts";
import type { ProfileRepository, ProfileRow } from "./profile.repository.ts";

type ProfileInput = Required<TProfileInput> & { email?: string | undefined };

const present = (caller: Caller, row: ProfileRow) => ({
  customerId: caller.customerId,
  email: caller.email,
  firstName: row.firstName,
  surname: row.surname,
  phone: row.phone,
  languageId: row.languageId,
  street: row.street,
  houseNumber: row.houseNumber,
  city: row.city,
  country: row.country,
  zip: row.zip,
  updatedAt: row.updatedAt.toISOString(),
});

export const createProfileService = (deps: { profiles: ProfileRepository; clock: Clock }) => {
  const { profiles, clock } = deps;

  const checkEmail = (caller: Caller, email: string | undefined) => {
    // The profile's e-mail is the sign-in address; it changes only through the account platform.
    if (email && email !== caller.email) throw new AppError(Errors.mailboxCannotChange);
  };

  return {
    async get(caller: Caller) {
      const row = await profiles.find(caller.accountId);
      if (!row) throw new AppError(Errors.profileMissing);
      return present(caller, row);
    },

    async add(caller: Caller, input: ProfileInput) {
      checkEmail(caller, input.email);
      if (!(await profiles.insert(caller.accountId, input, clock.now()))) throw new AppError(Errors.profileExists);
      return this.get(caller);
    },

    async update(caller: Caller, input: ProfileInput) {
      checkEmail(caller, input.email);
      if (!(await profiles.update(caller.accountId, input, clock.now()))) {
        throw new AppError(Errors.profileMissingForUpdate);
      }
      return this.get(caller);
    },
  };
};

export type ProfileService = ReturnType<typeof createProfileService>;
