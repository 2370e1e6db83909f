import type { TLoginPwdResponse } from "@vrf/contract/account/login.ts";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { saveModuleToken } from "../../../lib/session.ts";
import { useModuleLogin } from "../api/use-module-login.ts";
import { useSaveLoginLog } from "../api/use-save-login-log.ts";
import { useFetchSelectRemember } from "../api/use-select-remember.ts";
import { moduleEntryPath, parseAuthorities, rememberedModule, restrictPath } from "../utils/after-login.ts";

/**
 * After the account sign-in: straight into the remembered module when the user asked for
 * that and still holds it, otherwise to the module chooser. Any failure on the way lands on
 * the chooser, where the user can try again.
 */
export const useEnterAfterSignIn = () => {
  const fetchRemember = useFetchSelectRemember();
  const moduleLogin = useModuleLogin();
  const saveLoginLog = useSaveLoginLog();
  const navigate = useNavigate();
  const { mutateAsync: enterModule } = moduleLogin;
  const { mutateAsync: logLogin } = saveLoginLog;

  const enter = useCallback(
    async (session: TLoginPwdResponse, redirect: string | null) => {
      const remember = await fetchRemember(session.customerId).catch(() => null);
      const module = rememberedModule(remember, parseAuthorities(session.roles));
      if (module !== null) {
        const entered = await enterModule({ accessToken: session.accessToken, authorityNum: module }).catch(() => null);
        if (entered) {
          saveModuleToken(entered.token, module);
          await logLogin(module).catch(() => undefined);
          navigate(moduleEntryPath(module, redirect), { replace: true });
          return;
        }
      }
      navigate(restrictPath(redirect), { replace: true });
    },
    [fetchRemember, enterModule, logLogin, navigate],
  );

  return { enter, pending: moduleLogin.isPending || saveLoginLog.isPending };
};
