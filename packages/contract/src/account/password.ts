import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZCode, ZEmail, ZPassword } from "../rules.ts";

export const resetPwd = defineEndpoint({
  method: "POST",
  path: "/account/acc/reset_pwd",
  request: z.object({ email: ZEmail, code: ZCode, password: ZPassword }),
  response: z.null(),
});
export type TResetPwdRequest = z.input<typeof resetPwd.request>;

export const changePwd = defineEndpoint({
  method: "POST",
  path: "/account/acc/change_pwd",
  request: z.object({
    accessToken: z.string().min(1),
    oldPassword: z.string().min(1).max(200),
    newPassword: ZPassword,
  }),
  response: z.null(),
});
export type TChangePwdRequest = z.input<typeof changePwd.request>;
