import { useMutation } from "@tanstack/react-query";
import type { AuthorityNum } from "@vrf/contract/constants.ts";
import { moduleLogin } from "@vrf/contract/module/session.ts";
import { call } from "../../../lib/api-client.ts";

export const useModuleLogin = () =>
  useMutation({
    mutationFn: (input: { accessToken: string; authorityNum: AuthorityNum }) =>
      call(moduleLogin, input, { silent: true, token: input.accessToken }),
  });
