import { useMutation } from "@tanstack/react-query";
import { saveLoginLog } from "@vrf/contract/account/login-log.ts";
import type { AuthorityNum } from "@vrf/contract/constants.ts";
import { PLATFORM_ID } from "@vrf/contract/constants.ts";
import { call } from "../../../lib/api-client.ts";

export const useSaveLoginLog = () =>
  useMutation({
    mutationFn: (authorityNum: AuthorityNum) =>
      call(saveLoginLog, { authorityNum, platformId: PLATFORM_ID }, { silent: true }),
  });
