import { logout as accountLogout, hiDomLogout } from "@vrf/contract/account/login.ts";
import { call } from "../lib/api-client.ts";
import { closeLiveSocket } from "../lib/live-socket.ts";
import { clearSession } from "../lib/session.ts";
import { getToken, readStorage, StorageKey } from "../lib/storage.ts";
import { queryClient } from "./query-client.ts";

/**
 * SPEC section 4: the user-logout notice, then the logout call with the token
 * (failures of either do not keep anyone signed in), then everything local is
 * forgotten: token, roles, open tabs, cached queries (the token lives in localStorage, not a cookie).
 */
export const logout = async (): Promise<void> => {
  const token = getToken();
  const account = readStorage(StorageKey.account) ?? undefined;
  if (token) {
    await call(hiDomLogout, { account, noticeType: "UserLogout" }, { silent: true }).catch(() => undefined);
    await call(accountLogout, { accessToken: token }, { silent: true }).catch(() => undefined);
  }
  closeLiveSocket();
  clearSession();
  queryClient.clear();
};
