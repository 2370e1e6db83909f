import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { KEYWORD_MAX, ZText } from "../rules.ts";

/**
 * Pick lists shared by Distributor Cloud screens. Both answer only what the
 * caller may see: its own organisation and, for a distributor, the
 * sub-distributors associated under it right now.
 */
export const ZOrganisationOption = z.object({ id: z.number().int(), name: z.string(), own: z.boolean() });
export type TOrganisationOption = z.output<typeof ZOrganisationOption>;

export const listOrganisationOptions = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/organisation/options",
  request: z.object({}),
  response: z.object({ list: z.array(ZOrganisationOption) }),
});

export const ZProjectOption = z.object({
  id: z.number().int(),
  code: z.string(),
  name: z.string(),
  organisationId: z.number().int(),
  organisationName: z.string(),
});
export type TProjectOption = z.output<typeof ZProjectOption>;

/** Projects for a select box: matching name or project ID, newest first, at most `limit`. */
export const listProjectOptions = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/project/options",
  request: z.object({
    keyword: ZText(KEYWORD_MAX).optional(),
    limit: z.coerce.number().int().min(1).max(200).default(50),
  }),
  response: z.object({ list: z.array(ZProjectOption) }),
});
