import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

export const saveLoginLog = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/save_login_log",
  request: z.object({ authorityNum: z.number().int().optional(), platformId: z.number().int().optional() }),
  response: z.null(),
});
