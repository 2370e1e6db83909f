import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { TOKEN_MAX, ZCode, ZEmail, ZPassword, ZText } from "../rules.ts";
import { ZCompanyName } from "../team/team.ts";

export const mailboxRegist = defineEndpoint({
  method: "POST",
  path: "/account/acc/mailbox_regist",
  request: z.object({
    email: ZEmail,
    code: ZCode,
    password: ZPassword,
    /** The new organisation's name; an invited address joins the inviting organisation instead. */
    companyName: ZCompanyName,
    /** From a team invitation's link: must be addressed to `email` and still open. */
    invitationToken: ZText(TOKEN_MAX).optional(),
  }),
  /** `joined`: the account was created inside an inviting organisation (named here) instead of its own. */
  response: z.object({ customerId: z.string(), organisationName: z.string(), joined: z.boolean() }),
});
export type TMailboxRegistRequest = z.input<typeof mailboxRegist.request>;
