import { useMutation } from "@tanstack/react-query";
import { checkMailboxCode, type TCheckMailboxCodeRequest } from "@vrf/contract/account/mailbox-code.ts";
import { call } from "../../../lib/api-client.ts";

export const useCheckMailboxCode = () =>
  useMutation({ mutationFn: (input: TCheckMailboxCodeRequest) => call(checkMailboxCode, input, { silent: true }) });
