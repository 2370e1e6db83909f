import { authority, moduleLogin, selectRemember } from "@vrf/contract/module/session.ts";
import { call } from "../lib/api-client.ts";
import { saveModuleToken } from "../lib/session.ts";
import { getAccountToken, parseRoles, readStorage, StorageKey, writeStorage } from "../lib/storage.ts";
import { allowedRouteNames } from "./route-registry.ts";
import { userSettingsStore } from "./user-settings-store.ts";
import { type RememberChoice, userStore } from "./user-store.ts";

let inFlight: Promise<void> | null = null;

/**
 * SPEC section 4, branch (c): the remember-login setting (a failure is
 * ignored), then user info and menu; the allowed routes are the registry
 * entries named in the menu. Concurrent callers share one request.
 */
export const loadPermissions = (): Promise<void> => {
  inFlight ??= (async () => {
    const customerId = readStorage(StorageKey.customerId);
    let remember: RememberChoice | null = null;
    if (customerId) {
      try {
        remember = await call(selectRemember, { customerId }, { silent: true });
      } catch {
        // SPEC: continue without it.
      }
    }
    // The account's display settings come alongside (never failing the menu), so the shell's
    // first paint already has the user's colour and size.
    const [info] = await Promise.all([call(authority, {}), userSettingsStore.load()]);
    writeStorage(StorageKey.customerId, info.customerId);
    writeStorage(StorageKey.account, info.account);
    writeStorage(StorageKey.authorityNum, info.authorityNum);
    writeStorage(StorageKey.roleNum, info.roleNum);
    if (info.roles) writeStorage(StorageKey.roles, info.roles);
    userStore.setPermissions({
      user: {
        customerId: info.customerId,
        account: info.account,
        name: info.name,
        avatar: info.avatar,
        roleNum: info.roleNum,
        authorityNum: info.authorityNum,
        roles: parseRoles(info.roles),
      },
      menu: info.checkerMenuEntityList,
      allowedRoutes: allowedRouteNames(info.checkerMenuEntityList),
      remember,
    });
  })().finally(() => {
    inFlight = null;
  });
  return inFlight;
};

let switching: Promise<void> | null = null;

/** Opens a session of the other module with the sign-in's own token; one switch at a time. */
export const switchModule = (authorityNum: number): Promise<void> => {
  switching ??= (async () => {
    const token = getAccountToken();
    if (!token) throw new Error("No session to switch module with");
    const { token: moduleToken } = await call(moduleLogin, { accessToken: token, authorityNum }, { token });
    saveModuleToken(moduleToken, authorityNum);
  })().finally(() => {
    switching = null;
  });
  return switching;
};
