import { firstAllowedChild, homePath, matchRoute } from "./route-registry.ts";

/**
 * The navigation guard of SPEC section 4 as a pure decision. `NavigationGuard`
 * (navigation-guard.tsx) applies it on every location change.
 *
 * SPEC branches:
 *  (a) token, going to /login: proceed.
 *  (b) token, permissions loaded: proceed. Unknown paths -> /404.
 *  (c) token, permissions not loaded: load them (select_remember, then
 *      sys/authority and the menu), then decide again.
 *  (d) no token: public paths pass; pre-login paths pass when coming from the
 *      root (or first load) or from another public/pre-login page, otherwise
 *      -> /login?redirect=; everything else -> /login?redirect=. The socket is
 *      closed whenever unauthenticated.
 *
 * Our additions:
 *  - a token but no module chosen yet (no authorityNum) on a gated route ->
 *    /restrict?redirect= (the module choice);
 *  - a token on /restrict, public or pre-login pages: proceed without loading
 *    permissions (they belong to a module);
 *  - a route of the other module that the stored roles string grants ->
 *    "switchModule" (sys/login with that authority, then permissions reload);
 *    a route of a module the account does not have -> /401;
 *  - a group path (/equipmentCenter) -> its first allowed page;
 *  - /redirect/* (the tags view's refresh helper) always passes.
 *
 * The live socket (decision 0004, replacing SPEC's "socket routes with authority 5 only"): open
 * on every page of a module, Distributor Cloud (2) and Hi-Checker (5) alike, since both show
 * device events; kept while the module's permissions load or a group or "/" redirects inside it;
 * closed when signed out, outside a module (sign-in, module choice, pre-login and status pages),
 * on a route the account may not open, and while switching module (the new session's token opens
 * it again).
 */

export const LOGIN_PATH = "/login";
export const MODULE_CHOICE_PATH = "/restrict";
export const NOT_FOUND_PATH = "/404";
export const UNAUTHORIZED_PATH = "/401";

export const PUBLIC_PATHS: ReadonlySet<string> = new Set([
  LOGIN_PATH,
  "/auth-redirect",
  "/address",
  // The app download page (SPEC section 1, decision 0009): open to anyone, signed in or not.
  "/download",
  NOT_FOUND_PATH,
  UNAUTHORIZED_PATH,
]);

export const PRE_LOGIN_PATHS: ReadonlySet<string> = new Set([
  "/manualy",
  "/loginView",
  "/forget",
  "/tripartite",
  "/register",
  "/registerInput",
  "/checkEmail",
  "/setupPwd",
  "/address",
  "/success",
  "/newPassword",
  "/resetSuccess",
  "/account",
  "/userProfile",
  "/licence",
  "/passwordResetSuccess",
]);

export type SocketAction = "open" | "close" | "keep";

export type GuardAction =
  | { type: "proceed"; socket: SocketAction }
  | { type: "redirect"; to: string; socket: SocketAction }
  | { type: "loadPermissions"; socket: SocketAction }
  | { type: "switchModule"; authorityNum: number; socket: SocketAction };

export interface GuardInput {
  to: { pathname: string; search: string };
  /** The last location the guard let through; null on first load. */
  from: { pathname: string } | null;
  token: string | null;
  authorityNum: number | null;
  /** Authorities of the account (stored `roles`, e.g. "2,5"). */
  roles: readonly number[];
  permissionsLoaded: boolean;
  allowedRoutes: ReadonlySet<string>;
}

const normalise = (pathname: string): string => {
  const trimmed = pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname;
  return trimmed === "" ? "/" : trimmed;
};

const isPublic = (path: string) => PUBLIC_PATHS.has(path);
const isPreLogin = (path: string) => PRE_LOGIN_PATHS.has(path);
const isRedirectHelper = (path: string) => path === "/redirect" || path.startsWith("/redirect/");

const withRedirect = (base: string, target: string): string =>
  target === "/" ? base : `${base}?redirect=${encodeURIComponent(target)}`;

export const decideNavigation = (input: GuardInput): GuardAction => {
  const path = normalise(input.to.pathname);
  const fullPath = `${path}${input.to.search}`;

  if (isRedirectHelper(path)) return { type: "proceed", socket: "keep" };

  if (!input.token) {
    if (isPublic(path)) return { type: "proceed", socket: "close" };
    if (isPreLogin(path)) {
      const from = input.from ? normalise(input.from.pathname) : null;
      if (from === null || from === "/" || isPublic(from) || isPreLogin(from)) {
        return { type: "proceed", socket: "close" };
      }
    }
    return { type: "redirect", to: withRedirect(LOGIN_PATH, fullPath), socket: "close" };
  }

  if (path === LOGIN_PATH) return { type: "proceed", socket: "close" };
  if (path === MODULE_CHOICE_PATH || isPublic(path) || isPreLogin(path)) return { type: "proceed", socket: "close" };

  if (input.authorityNum === null) {
    return { type: "redirect", to: withRedirect(MODULE_CHOICE_PATH, fullPath), socket: "close" };
  }

  const route = matchRoute(path);
  if (route && !route.roles.includes(input.authorityNum as never)) {
    const granted = route.roles.find((role) => input.roles.includes(role));
    if (granted !== undefined) return { type: "switchModule", authorityNum: granted, socket: "close" };
    return { type: "redirect", to: UNAUTHORIZED_PATH, socket: "close" };
  }

  if (!input.permissionsLoaded) return { type: "loadPermissions", socket: "keep" };

  if (path === "/") {
    return {
      type: "redirect",
      to: homePath(input.authorityNum, input.allowedRoutes) ?? NOT_FOUND_PATH,
      socket: "keep",
    };
  }
  if (!route || !input.allowedRoutes.has(route.name)) {
    return { type: "redirect", to: NOT_FOUND_PATH, socket: "close" };
  }
  if (route.kind === "group") {
    return {
      type: "redirect",
      to: firstAllowedChild(route.name, input.allowedRoutes)?.path ?? NOT_FOUND_PATH,
      socket: "keep",
    };
  }
  return { type: "proceed", socket: "open" };
};

/**
 * The in-app path to go to after sign-in or the module choice, from a
 * `?redirect=` query. Only paths inside this app are accepted: they start with
 * one "/" (not "//host" nor "/\host"), and never lead back to the sign-in page.
 */
export const redirectTarget = (search: string): string | null => {
  const raw = new URLSearchParams(search.startsWith("?") ? search.slice(1) : search).get("redirect");
  if (!raw) return null;
  if (!raw.startsWith("/") || raw.startsWith("//") || raw.startsWith("/\\")) return null;
  if ([...raw].some((char) => char.charCodeAt(0) < 0x20)) return null;
  const pathOnly = raw.split(/[?#]/, 1)[0] ?? "";
  if (pathOnly === LOGIN_PATH) return null;
  return raw;
};
