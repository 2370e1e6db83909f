import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { hasSpecial, isPhone, PHONE_MAX, ZPersonName, ZText } from "../rules.ts";

const text = (max: number) => ZText(max).refine((v) => !hasSpecial(v), { message: "specialCharacters" });

export const ZProfileInput = z.object({
  firstName: ZPersonName(50).min(1, { message: "required" }),
  surname: ZPersonName(50).min(1, { message: "required" }),
  phone: ZText(PHONE_MAX, { tooLong: "illegalPhone" })
    .refine((v) => v === "" || isPhone(v), { message: "illegalPhone" })
    .default(""),
  languageId: z.number().int().min(0).max(1).default(0),
  street: text(100).default(""),
  houseNumber: text(20).default(""),
  city: text(60).default(""),
  country: ZText(60).default(""),
  zip: ZText(12)
    .refine((v) => /^[A-Za-z0-9 -]*$/.test(v), { message: "specialCharacters" })
    .default(""),
});
export type TProfileInput = z.input<typeof ZProfileInput>;

export const ZProfile = ZProfileInput.extend({
  customerId: z.string(),
  email: z.string(),
  phone: z.string(),
  languageId: z.number().int(),
  street: z.string(),
  houseNumber: z.string(),
  city: z.string(),
  country: z.string(),
  zip: z.string(),
  updatedAt: z.string(),
});
export type TProfile = z.output<typeof ZProfile>;

export const getUserProfile = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_user_profile",
  request: z.object({}),
  response: ZProfile,
});
/** The account platform's own path for the same read (SPEC section 7). */
export const getAccountUserProfile = defineEndpoint({ ...getUserProfile, path: "/account/get_user_profile" });

export const addUserProfile = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/add_user_profile",
  // E-mail is the account's and cannot be changed here; a differing one is refused with 611705.
  request: ZProfileInput.extend({ email: ZText(254).toLowerCase().optional() }),
  response: ZProfile,
});

export const updateUserProfile = defineEndpoint({ ...addUserProfile, path: "/hmt-web/account/update_user_profile" });
