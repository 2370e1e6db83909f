import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZEmail } from "../rules.ts";

/**
 * Looks up an account a distributor may bind to a checker: one of its own
 * organisation or of an associated sub-distributor. Only what the binding form
 * shows comes back; any other address answers "user does not exist".
 */
export const getUserInfoByEmail = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_user_info_by_email",
  request: z.object({ email: ZEmail }),
  response: z.object({ email: z.string(), name: z.string() }),
});
