import { useMutation } from "@tanstack/react-query";
import { changePwd } from "@vrf/contract/account/password.ts";
import { call } from "../../../lib/api-client.ts";
import { getToken } from "../../../lib/storage.ts";

export const useChangePassword = () =>
  useMutation({
    mutationFn: (input: { oldPassword: string; newPassword: string }) =>
      call(changePwd, { ...input, accessToken: getToken() ?? "" }, { silent: true }),
  });
