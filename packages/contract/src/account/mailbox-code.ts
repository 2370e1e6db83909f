import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZCode, ZEmail } from "../rules.ts";

export const ZMailboxCodeType = z.union([z.literal(1), z.literal(2)]);

export const getMailboxCode = defineEndpoint({
  method: "POST",
  path: "/account/acc/get_mailbox_code",
  request: z.object({ email: ZEmail, type: ZMailboxCodeType }),
  response: z.object({ expiresInSeconds: z.number().int(), resendAfterSeconds: z.number().int() }),
});
export type TGetMailboxCodeRequest = z.input<typeof getMailboxCode.request>;

export const checkMailboxCode = defineEndpoint({
  method: "POST",
  path: "/account/acc/check_mailbox_code",
  request: z.object({ email: ZEmail, code: ZCode, type: ZMailboxCodeType }),
  response: z.object({ valid: z.literal(true) }),
});
export type TCheckMailboxCodeRequest = z.input<typeof checkMailboxCode.request>;
