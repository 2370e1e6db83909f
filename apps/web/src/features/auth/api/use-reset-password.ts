import { useMutation } from "@tanstack/react-query";
import { resetPwd, type TResetPwdRequest } from "@vrf/contract/account/password.ts";
import { call } from "../../../lib/api-client.ts";

export const useResetPassword = () =>
  useMutation({ mutationFn: (input: TResetPwdRequest) => call(resetPwd, input, { silent: true }) });
