import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

export const ZPrivacyAgreement = z.object({
  version: z.number().int(),
  title: z.string(),
  content: z.string(),
  publishedAt: z.string(),
});

export const getPaTos = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_pa_tos",
  request: z.object({ languageId: z.coerce.number().int().min(0).max(1).default(0) }),
  response: ZPrivacyAgreement,
});

export const checkPaTos = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/check_pa_tos",
  request: z.object({}),
  response: z.object({
    accepted: z.boolean(),
    acceptedVersion: z.number().int().nullable(),
    currentVersion: z.number().int(),
  }),
});

export const updatePaTos = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/update_pa_tos",
  request: z.object({ version: z.number().int().min(1) }),
  response: z.object({ accepted: z.literal(true), acceptedVersion: z.number().int() }),
});
