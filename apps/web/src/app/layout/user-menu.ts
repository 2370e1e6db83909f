import { ROLE_NUM } from "@vrf/contract/constants.ts";

export type UserMenuKey =
  | "switchModule"
  | "subDistributors"
  | "settings"
  | "changePassword"
  | "personalInfo"
  | "logout";

/**
 * SPEC section 2: everyone gets switch module, change password, personal
 * information and log out; authority 2 also settings, and with roleNum other
 * than 3 (a sub-distributor's account) sub-distributor management.
 */
export const userMenuKeys = (authorityNum: number | null, roleNum: number | null): UserMenuKey[] => {
  const keys: UserMenuKey[] = ["switchModule"];
  if (authorityNum === 2 && roleNum !== ROLE_NUM.subDistributor) keys.push("subDistributors");
  if (authorityNum === 2) keys.push("settings");
  keys.push("changePassword", "personalInfo", "logout");
  return keys;
};
