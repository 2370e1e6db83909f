import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZCode, ZEmail, ZPassword } from "../rules.ts";

export const mailboxRegist = defineEndpoint({
  method: "POST",
  path: "/account/acc/mailbox_regist",
  request: z.object({ email: ZEmail, code: ZCode, password: ZPassword }),
  response: z.object({ customerId: z.string() }),
});
export type TMailboxRegistRequest = z.input<typeof mailboxRegist.request>;
