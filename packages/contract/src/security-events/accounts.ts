import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

/** More accounts than this in one organisation are found by the e-mail filter instead. */
export const SECURITY_EVENT_ACCOUNTS_MAX = 500;

export const ZSecurityEventAccount = z.object({
  id: z.number().int(),
  email: z.string(),
  name: z.string(),
});
export type TSecurityEventAccount = z.output<typeof ZSecurityEventAccount>;

/** The accounts of the caller's organisation, for the log's user filter. */
export const listSecurityEventAccounts = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/security-events/accounts",
  request: z.object({}),
  response: z.object({ list: z.array(ZSecurityEventAccount) }),
});
