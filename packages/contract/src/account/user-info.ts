import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZEmail } from "../rules.ts";

export const getUserInfoByEmail = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_user_info_by_email",
  request: z.object({ email: ZEmail }),
  response: z.object({ customerId: z.string(), email: z.string(), name: z.string() }),
});
