import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZCode, ZEmail, ZPassword, ZText } from "../rules.ts";

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
    accessToken: ZText(TOKEN_MAX).min(1),
    oldPassword: ZText(200, { trim: false }).min(1),
    newPassword: ZPassword,
  }),
  response: z.null(),
});
export type TChangePwdRequest = z.input<typeof changePwd.request>;
