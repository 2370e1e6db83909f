import type { TLoginPwdResponse } from "@vrf/contract/account/login.ts";
import { useCallback } from "react";
import { useNavigate } from "react-router";
import { adoptAccountLanguage, reloadAt } from "../../../lib/account-language.ts";
import { saveModuleToken } from "../../../lib/session.ts";
import { useModuleLogin } from "../api/use-module-login.ts";
import { useSaveLoginLog } from "../api/use-save-login-log.ts";
import { useFetchSelectRemember } from "../api/use-select-remember.ts";
import { moduleEntryPath, moduleToEnter, parseAuthorities, restrictPath } from "../utils/after-login.ts";

/**
 * After the account sign-in: straight into the only module of a one-module account, or the
 * remembered module when the user asked for that and still holds it, otherwise to the module
 * chooser. Any failure on the way lands on the chooser, where the user can try again. A
 * browser without a language of its own takes the account's saved one first, and then opens
 * the destination in a fresh page load.
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
      const reload = await adoptAccountLanguage();
      const go = (path: string) => (reload ? reloadAt(path) : navigate(path, { replace: true }));
      const authorities = parseAuthorities(session.roles);
      // One module: nothing to remember, so the setting is not even read.
      const remember = authorities.length === 1 ? null : await fetchRemember(session.customerId).catch(() => null);
      const module = moduleToEnter(remember, authorities);
      if (module !== null) {
        const entered = await enterModule({ accessToken: session.accessToken, authorityNum: module }).catch(() => null);
        if (entered) {
          saveModuleToken(entered.token, module);
          await logLogin(module).catch(() => undefined);
          go(moduleEntryPath(module, redirect));
          return;
        }
      }
      go(restrictPath(redirect));
    },
    [fetchRemember, enterModule, logLogin, navigate],
  );

  return { enter, pending: moduleLogin.isPending || saveLoginLog.isPending };
};
