import type { AuthorityNum } from "@vrf/contract/constants.ts";

/** Where each module starts when no in-app redirect is waiting. */
export const MODULE_HOME: Record<AuthorityNum, string> = { 2: "/agency", 5: "/dashboard" };

/** "2,5" -> [2, 5]; unknown numbers and blanks are dropped. */
export const parseAuthorities = (roles: string | null | undefined): AuthorityNum[] =>
  (roles ?? "")
    .split(",")
    .map((part) => Number(part.trim()))
    .filter((n): n is AuthorityNum => n === 2 || n === 5);

/**
 * The module to enter without asking: only when the user asked to be remembered and still
 * holds the remembered authority (roles can be withdrawn between sign-ins).
 */
export const rememberedModule = (
  remember: { rememberSelect: number; selectMode: number | null } | null,
  authorities: readonly AuthorityNum[],
): AuthorityNum | null => {
  if (remember?.rememberSelect !== 1) return null;
  return authorities.find((a) => a === remember.selectMode) ?? null;
};

/**
 * The module sign-in enters without showing the chooser: the only one an account holds (a
 * checker-only account has nothing to choose), otherwise the remembered one.
 */
export const moduleToEnter = (
  remember: { rememberSelect: number; selectMode: number | null } | null,
  authorities: readonly AuthorityNum[],
): AuthorityNum | null => {
  const held = [...new Set(authorities)];
  return held.length === 1 ? (held[0] as AuthorityNum) : rememberedModule(remember, held);
};

export const moduleEntryPath = (module: AuthorityNum, redirect: string | null): string =>
  redirect ?? MODULE_HOME[module];

/** The module chooser, carrying an in-app redirect through. */
export const restrictPath = (redirect: string | null): string =>
  redirect ? `/restrict?redirect=${encodeURIComponent(redirect)}` : "/restrict";
