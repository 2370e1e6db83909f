import type { AuthorityNum } from "@vrf/contract/constants.ts";
import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import type { ComponentType } from "react";
import { shellPage } from "./shell-page.tsx";

/**
 * The single route table of SPEC section 2. The server's menu decides which
 * entries a user gets (`allowedRouteNames`); the table decides where they live,
 * what they are called, and how the layout treats them (the page each one shows is
 * named in layout/shell-pages.ts). Hiding an entry is never the security check: the
 * server authorises every call.
 */

/** SPEC section 2, "Route names by role". */
export const ROLE_2_ROUTES = [
  "agency",
  "ProjectList",
  "projectWriteIn",
  "projectMap",
  "projectDetail",
  "HiDom",
  "HiDomDeviceDetails",
  "SmartTouch",
  "SmartTouchDeviceDetails",
  "HiMit",
  "HiMitChecker",
  "CheckerWriteIn",
  "FaultAnalysis",
  "Repairreport",
  "CheckerDetail",
  "OutDoor",
  "InDoor",
  "DeviceImporting",
  "HiMitDeviceDetails",
  "RepairReportDetail",
  "distributorManagement",
  // Beyond SPEC: the organisation's security log, the web app's errors in its users' browsers, and
  // the messages its devices sent that the database refused.
  "securityEvents",
  "clientErrors",
  "deviceDeadLetters",
  // Beyond SPEC: the organisation's team (its administrators only).
  "teamMembers",
] as const;

export const ROLE_5_ROUTES = [
  "CkHiMitChecker",
  "CkFaultAnalysis",
  "CkOutDoor",
  "CkInDoor",
  "CkCheckerDetail",
  "PCSoftware",
  "CheckerTaskList",
  "createDataReport",
  "HistoricalRecords",
  "MessageReport",
  "checkerData",
  "Dashboard",
] as const;

/** Open to both modules; personInfoEdit and changePwd2 are the platform centre's other account pages. */
export const COMMON_ROUTES = ["changePwd", "perInfo", "personInfoEdit", "changePwd2"] as const;

export const GROUP_ROUTES = ["projectMangement", "equipmentCenter", "platformCenter"] as const;

/** SPEC section 2: top-level pages without a back button. */
export const NO_BACK_ROUTES: ReadonlySet<string> = new Set([
  "HiDom",
  "SmartTouch",
  "ProjectList",
  "Repairreport",
  "HiMitChecker",
  "agency",
  "projectMap",
  "HiMit",
  "FaultAnalysis",
  "OutDoor",
  "InDoor",
  "distributorManagement",
  "Dashboard",
  "PCSoftware",
  "CkHiMitChecker",
  "CkFaultAnalysis",
  "CkOutDoor",
  "CkInDoor",
  // Beyond SPEC, menu pages like the ones above: nothing to go back to.
  "securityEvents",
  "clientErrors",
  "deviceDeadLetters",
  "teamMembers",
]);

/** SPEC section 4: tabs never kept alive (some names belong to pages this product does not have). */
export const NO_CACHE_ROUTES: ReadonlySet<string> = new Set([
  "HiMit",
  "FaultAnalysis",
  "OutDoor",
  "InDoor",
  "OrganizationAdministration",
  "UserManagement",
  "RoleManagement",
  "OtaQuery",
  "OTAVersionManagement",
  "UpgradePolicyManagement",
  "VersionManagement",
  "RepairDetails",
  "CkOutDoor",
  "CkInDoor",
  "CkFaultAnalysis",
  // Beyond SPEC's list, a live page like CkOutDoor: opened afresh on the checker and system it names.
  "CkSystemCycle",
]);

/**
 * SPEC section 2: routes flagged for the live-control socket. Kept as SPEC's table says; since
 * decision 0004 the guard opens the socket on every module page, so it does not read the flag.
 */
export const SOCKET_ROUTES: ReadonlySet<string> = new Set([
  "Dashboard",
  "CkHiMitChecker",
  "CkFaultAnalysis",
  "CkOutDoor",
  "CkInDoor",
  "CkCheckerDetail",
  "createDataReport",
  "HistoricalRecords",
  "MessageReport",
  "CheckerTaskList",
  "checkerData",
  "PCSoftware",
  "changePwd2",
  "perInfo",
]);

/** SPEC section 2's menu icon names, the first ten; the others give the remaining sidebar pages an icon too. */
export const MENU_ICON_NAMES = [
  "dashboard",
  "equipmentCenter",
  "faultanalysis",
  "outDoor",
  "inDoor",
  "import",
  "upgrade",
  "role",
  "user",
  "organization",
  "projectList",
  "map",
  "controller",
  "gateway",
  "touchPanel",
  "checker",
  "repair",
  "security",
] as const;
export type MenuIconName = (typeof MENU_ICON_NAMES)[number];

/** What the router shows for a page: the layout's page of that name (app/shell-page.tsx). */
export type RouteComponent = ComponentType;

export interface RouteEntry {
  name: string;
  path: string;
  kind: "page" | "group";
  /** Sidebar group the entry belongs to (a group entry's own name for groups). */
  group: (typeof GROUP_ROUTES)[number] | null;
  roles: readonly AuthorityNum[];
  /** i18next key of the title, `menu:<name>`. */
  titleKey: string;
  hidden: boolean;
  noBack: boolean;
  noCache: boolean;
  socket: boolean;
  icon: MenuIconName | null;
  /** Null for groups: they redirect to their first allowed child. */
  component: RouteComponent | null;
  /** Allowed whenever this other route is (a variant the server menu does not list separately). */
  allowedWith?: string;
  /** A title that depends on the query, e.g. projectWriteIn becomes "edit project" with projectCode. */
  titleWhenQuery?: { param: string; titleKey: string };
  /** The map page shows no title in the top bar. */
  hideTitle?: boolean;
  /** Only sends the user on to another page (no tab of its own). */
  forwards?: boolean;
}

// SPEC section 2 lists agency as hidden, but without it the distributor dashboard, the module's
// home, had no sidebar entry at all: like the checker's Dashboard it is the menu's first item.
const HIDDEN: ReadonlySet<string> = new Set([
  "projectWriteIn",
  "projectDetail",
  "HiDomDeviceDetails",
  "SmartTouchDeviceDetails",
  "CheckerWriteIn",
  "CheckerDetail",
  "HiMitDeviceDetails",
  "DeviceDetails",
  "RepairReportDetail",
  "CkCheckerDetail",
  "CkSystemCycle",
  "createDataReport",
  "HistoricalRecords",
  "MessageReport",
  "CheckerTaskList",
  "checkerData",
  "distributorManagement",
  "personInfoEdit",
  "changePwd2",
  "changePwd",
  "perInfo",
]);

interface Definition {
  name: string;
  path: string;
  roles: readonly AuthorityNum[];
  group?: RouteEntry["group"];
  kind?: RouteEntry["kind"];
  icon?: MenuIconName;
  allowedWith?: string;
  titleWhenQuery?: RouteEntry["titleWhenQuery"];
  hideTitle?: boolean;
  forwards?: boolean;
}

const entry = (d: Definition): RouteEntry => ({
  name: d.name,
  path: d.path,
  kind: d.kind ?? "page",
  group: d.group ?? null,
  roles: d.roles,
  titleKey: `menu:${d.name}`,
  hidden: HIDDEN.has(d.name),
  noBack: NO_BACK_ROUTES.has(d.name),
  noCache: NO_CACHE_ROUTES.has(d.name),
  socket: SOCKET_ROUTES.has(d.name),
  icon: d.icon ?? null,
  component: d.kind === "group" ? null : shellPage(d.name),
  ...(d.allowedWith ? { allowedWith: d.allowedWith } : {}),
  ...(d.titleWhenQuery ? { titleWhenQuery: d.titleWhenQuery } : {}),
  ...(d.hideTitle ? { hideTitle: true } : {}),
  ...(d.forwards ? { forwards: true } : {}),
});

const D: readonly AuthorityNum[] = [2];
const C: readonly AuthorityNum[] = [5];
const BOTH: readonly AuthorityNum[] = [2, 5];

const projects = (name: string, extra: Partial<Definition> = {}): Definition => ({
  name,
  path: `/projectMangement/${name}`,
  roles: D,
  group: "projectMangement",
  ...extra,
});
const equipment = (name: string, roles: readonly AuthorityNum[], extra: Partial<Definition> = {}): Definition => ({
  name,
  path: `/equipmentCenter/${name}`,
  roles,
  group: "equipmentCenter",
  ...extra,
});
const platform = (name: string, roles: readonly AuthorityNum[], extra: Partial<Definition> = {}): Definition => ({
  name,
  path: `/platformCenter/${name}`,
  roles,
  group: "platformCenter",
  ...extra,
});

export const ROUTES: readonly RouteEntry[] = [
  entry({ name: "Dashboard", path: "/dashboard", roles: C, icon: "dashboard" }),
  entry({ name: "agency", path: "/agency", roles: D, icon: "dashboard" }),

  entry({
    name: "projectMangement",
    path: "/projectMangement",
    roles: D,
    kind: "group",
    group: "projectMangement",
    icon: "organization",
  }),
  entry(projects("ProjectList", { icon: "projectList" })),
  entry(
    projects("projectWriteIn", {
      titleWhenQuery: { param: "projectCode", titleKey: "menu:projectEdit" },
    }),
  ),
  entry(projects("projectMap", { hideTitle: true, icon: "map" })),
  entry(projects("projectDetail")),

  entry({
    name: "equipmentCenter",
    path: "/equipmentCenter",
    roles: BOTH,
    kind: "group",
    group: "equipmentCenter",
    icon: "equipmentCenter",
  }),
  entry(equipment("HiMit", D, { icon: "controller" })),
  entry(equipment("HiMitDeviceDetails", D)),
  entry(equipment("HiDom", D, { icon: "gateway" })),
  entry(equipment("HiDomDeviceDetails", D)),
  entry(equipment("SmartTouch", D, { icon: "touchPanel" })),
  entry(equipment("SmartTouchDeviceDetails", D)),
  entry(equipment("HiMitChecker", D, { icon: "checker" })),
  entry(
    equipment("CheckerWriteIn", D, {
      titleWhenQuery: { param: "id", titleKey: "menu:CheckerEdit" },
    }),
  ),
  entry(equipment("CheckerDetail", D)),
  // SPEC's `devicedetails/:id`: any device by its id, sent on to its kind's detail page. Not a
  // menu name of its own: allowed with the device detail pages.
  entry(
    equipment("DeviceDetails", D, {
      path: "/equipmentCenter/devicedetails/:id",
      allowedWith: "HiMitDeviceDetails",
      forwards: true,
    }),
  ),
  entry(equipment("OutDoor", D, { path: "/equipmentCenter/outdoor", icon: "outDoor" })),
  entry(equipment("InDoor", D, { path: "/equipmentCenter/indoor", icon: "inDoor" })),
  entry(
    equipment("FaultAnalysis", D, {
      path: "/equipmentCenter/faultanalysis",
      icon: "faultanalysis",
    }),
  ),
  entry(
    equipment("DeviceImporting", D, {
      path: "/equipmentCenter/deviceimporting",
      icon: "import",
    }),
  ),
  entry(equipment("Repairreport", D, { icon: "repair" })),
  entry(equipment("RepairReportDetail", D)),
  entry(equipment("CkHiMitChecker", C, { path: "/equipmentCenter/ckHiMitChecker", icon: "checker" })),
  entry(equipment("CkCheckerDetail", C, { path: "/equipmentCenter/ckCheckerDetail" })),
  entry(equipment("CheckerTaskList", C)),
  entry(equipment("createDataReport", C)),
  entry(equipment("HistoricalRecords", C)),
  entry(equipment("MessageReport", C)),
  entry(equipment("checkerData", C)),
  entry(equipment("CkFaultAnalysis", C, { path: "/equipmentCenter/ckfaultanalysis", icon: "faultanalysis" })),
  entry(equipment("CkOutDoor", C, { path: "/equipmentCenter/ckoutdoor", icon: "outDoor" })),
  entry(equipment("CkInDoor", C, { path: "/equipmentCenter/ckindoor", icon: "inDoor" })),
  // The "system cycle diagram": not in the server's menu, allowed with the unit pages it draws.
  entry(equipment("CkSystemCycle", C, { path: "/equipmentCenter/ckSystemCycle", allowedWith: "CkOutDoor" })),

  entry({
    name: "platformCenter",
    path: "/platformCenter",
    roles: BOTH,
    kind: "group",
    group: "platformCenter",
    icon: "user",
  }),
  entry(platform("PCSoftware", C, { icon: "upgrade" })),
  entry(platform("distributorManagement", D, { icon: "role" })),
  entry(platform("securityEvents", D, { icon: "security" })),
  entry(platform("clientErrors", D, { icon: "faultanalysis" })),
  entry(platform("deviceDeadLetters", D, { icon: "gateway" })),
  entry(platform("teamMembers", D, { icon: "user" })),
  entry(platform("personInfoEdit", BOTH)),
  entry(platform("changePwd", BOTH)),
  entry(platform("changePwd2", BOTH, { allowedWith: "changePwd" })),
  entry(platform("perInfo", BOTH)),
];

const byName = new Map(ROUTES.map((route) => [route.name, route]));
const hasParams = (path: string) => path.includes("/:");
const byPath = new Map(ROUTES.filter((r) => !hasParams(r.path)).map((route) => [route.path.toLowerCase(), route]));
/** Paths with parameters (`/equipmentCenter/devicedetails/:id`): a parameter is one non-empty segment. */
const byPattern = ROUTES.filter((r) => hasParams(r.path)).map((route) => ({
  route,
  pattern: new RegExp(
    `^${route.path
      .toLowerCase()
      .split("/")
      .map((part) => (part.startsWith(":") ? "[^/]+" : part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")))
      .join("/")}$`,
  ),
}));

export const routeByName = (name: string): RouteEntry | undefined => byName.get(name);

/** The entry whose path is `pathname` (case-insensitive like the router, trailing slash ignored). */
export const matchRoute = (pathname: string): RouteEntry | undefined => {
  const normalised = (pathname.length > 1 ? pathname.replace(/\/+$/, "") : pathname).toLowerCase();
  return byPath.get(normalised) ?? byPattern.find(({ pattern }) => pattern.test(normalised))?.route;
};

/** The module's home page: the one affix tab, and where `/` leads. */
export const HOME_ROUTE_BY_AUTHORITY: Readonly<Record<number, string>> = { 2: "agency", 5: "Dashboard" };

export const titleKeyOf = (route: RouteEntry, search: string): string => {
  if (route.titleWhenQuery && new URLSearchParams(search).has(route.titleWhenQuery.param)) {
    return route.titleWhenQuery.titleKey;
  }
  return route.titleKey;
};

const menuUrls = (menu: readonly TMenuEntry[], into: Set<string>): Set<string> => {
  for (const item of menu) {
    if (item.url) into.add(item.url);
    menuUrls(item.children ?? [], into);
  }
  return into;
};

/**
 * SPEC section 4: the allowed routes are the registry entries whose name appears
 * in the server menu (menu names the registry does not know are ignored), plus
 * their variants, plus the groups that hold an allowed page.
 */
export const allowedRouteNames = (menu: readonly TMenuEntry[]): Set<string> => {
  const urls = menuUrls(menu, new Set());
  const allowed = new Set<string>();
  for (const route of ROUTES) {
    if (route.kind !== "page") continue;
    if (urls.has(route.name) || (route.allowedWith !== undefined && urls.has(route.allowedWith))) {
      allowed.add(route.name);
    }
  }
  for (const route of ROUTES) {
    if (route.kind === "group" && ROUTES.some((child) => child.group === route.name && allowed.has(child.name))) {
      allowed.add(route.name);
    }
  }
  return allowed;
};

/** The first page a user may open in a group (groups have no screen of their own). */
export const firstAllowedChild = (group: string, allowed: ReadonlySet<string>): RouteEntry | undefined =>
  ROUTES.find((route) => route.kind === "page" && route.group === group && allowed.has(route.name) && !route.hidden) ??
  ROUTES.find((route) => route.kind === "page" && route.group === group && allowed.has(route.name));

/** Where `/` leads: the module's home if allowed, else the first visible allowed page. */
export const homePath = (authorityNum: number | null, allowed: ReadonlySet<string>): string | null => {
  const home = authorityNum === null ? undefined : routeByName(HOME_ROUTE_BY_AUTHORITY[authorityNum] ?? "");
  if (home && allowed.has(home.name)) return home.path;
  const first =
    ROUTES.find((route) => route.kind === "page" && allowed.has(route.name) && !route.hidden) ??
    ROUTES.find((route) => route.kind === "page" && allowed.has(route.name));
  return first?.path ?? null;
};
