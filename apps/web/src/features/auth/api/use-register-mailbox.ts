import { useMutation } from "@tanstack/react-query";
import { mailboxRegist, type TMailboxRegistRequest } from "@vrf/contract/account/register.ts";
import { call } from "../../../lib/api-client.ts";

export const useRegisterMailbox = () =>
  useMutation({ mutationFn: (input: TMailboxRegistRequest) => call(mailboxRegist, input, { silent: true }) });
