import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZText } from "../rules.ts";
import { loginPwd } from "./login.ts";

/**
 * `/auth-redirect` (SPEC section 2): a sibling system of the account platform hands over its
 * signed-in user with the account token in the link. The portal keeps its own session instead:
 * this call trades the handed token for a new sign-in of the same account, ending when the handed
 * one does, so the token that travelled in an address is never what the browser keeps.
 */
export const handoverLogin = defineEndpoint({
  method: "POST",
  path: "/account/acc/handover",
  request: z.object({ accessToken: ZText(TOKEN_MAX).min(1) }),
  response: loginPwd.response,
});
export type THandoverLoginResponse = z.output<typeof handoverLogin.response>;
