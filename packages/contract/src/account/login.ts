import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZEmail, ZText } from "../rules.ts";

export const loginPwd = defineEndpoint({
  method: "POST",
  path: "/account/acc/login_pwd",
  // The password is only checked against the stored hash, so any non-empty line up to 200 characters will do.
  request: z.object({ email: ZEmail, password: ZText(200, { trim: false }).min(1) }),
  response: z.object({
    accessToken: z.string(),
    customerId: z.string(),
    account: z.string(),
    name: z.string(),
    /** Comma-separated authority numbers, e.g. "2,5". */
    roles: z.string(),
  }),
});
export type TLoginPwdRequest = z.input<typeof loginPwd.request>;
export type TLoginPwdResponse = z.output<typeof loginPwd.response>;

const ZLogoutRequest = z.object({ accessToken: ZText(TOKEN_MAX).min(1) });

export const logout = defineEndpoint({
  method: "POST",
  path: "/account/acc/logout",
  request: ZLogoutRequest,
  response: z.null(),
});

/** The same call under the portal's own prefix (SPEC section 7). */
export const portalLogout = defineEndpoint({ ...logout, path: "/hmt-web/account/acc/logout" });

/** Logout notice to the sibling Hi-Dom system; recorded in the login log. */
export const hiDomLogout = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-web-svc/svc/hi_dom/logout",
  request: z.object({ account: ZText(254).optional(), noticeType: ZText(64).optional() }),
  response: z.null(),
});
