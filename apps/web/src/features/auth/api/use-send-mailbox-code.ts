import { useMutation } from "@tanstack/react-query";
import { getMailboxCode, type TGetMailboxCodeRequest } from "@vrf/contract/account/mailbox-code.ts";
import { call } from "../../../lib/api-client.ts";

export const useSendMailboxCode = () =>
  useMutation({ mutationFn: (input: TGetMailboxCodeRequest) => call(getMailboxCode, input, { silent: true }) });
