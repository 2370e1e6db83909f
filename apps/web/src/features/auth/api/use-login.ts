import { useMutation } from "@tanstack/react-query";
import { loginPwd, type TLoginPwdRequest } from "@vrf/contract/account/login.ts";
import { call } from "../../../lib/api-client.ts";

export const useLogin = () =>
  useMutation({ mutationFn: (input: TLoginPwdRequest) => call(loginPwd, input, { silent: true }) });
