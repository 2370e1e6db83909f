import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZEmail } from "../rules.ts";

export const loginPwd = defineEndpoint({
  method: "POST",
  path: "/account/acc/login_pwd",
  // The password is only checked against the stored hash, so any non-empty string is accepted here.
  request: z.object({ email: ZEmail, password: z.string().min(1).max(200) }),
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

const ZLogoutRequest = z.object({ accessToken: z.string().min(1) });

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
  request: z.object({ account: z.string().optional(), noticeType: z.string().optional() }),
  response: z.null(),
});
