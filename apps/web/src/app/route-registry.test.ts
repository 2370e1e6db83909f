import { CHECKER_MENU, DISTRIBUTOR_MENU, type MenuSeed } from "@vrf/contract/menu-tree.ts";
import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import { describe, expect, it } from "vitest";
import {
  allowedRouteNames,
  COMMON_ROUTES,
  GROUP_ROUTES,
  homePath,
  matchRoute,
  ROLE_2_ROUTES,
  ROLE_5_ROUTES,
  ROUTES,
  routeByName,
  titleKeyOf,
} from "./route-registry.ts";

const toMenu = (seeds: readonly MenuSeed[], pid = 0): TMenuEntry[] =>
  seeds.map((seed, index) => {
    const id = pid * 100 + index + 1;
    return {
      id,
      menuName: seed.name,
      pid,
      url: seed.name,
      icon: seed.icon ?? null,
      children: toMenu(seed.children ?? [], id),
    };
  });

describe("route registry", () => {
  it("has every route name of SPEC section 2 with the right roles", () => {
    for (const name of ROLE_2_ROUTES) expect(routeByName(name)?.roles, name).toContain(2);
    for (const name of ROLE_5_ROUTES) expect(routeByName(name)?.roles, name).toContain(5);
    for (const name of COMMON_ROUTES) expect(routeByName(name)?.roles, name).toEqual([2, 5]);
    for (const name of GROUP_ROUTES) expect(routeByName(name)?.kind, name).toBe("group");
    expect(routeByName("Dashboard")?.roles).toEqual([5]);
    expect(routeByName("agency")?.roles).toEqual([2]);
  });

  it("has unique names and paths (paths compared like the router: case-insensitive)", () => {
    expect(new Set(ROUTES.map((r) => r.name)).size).toBe(ROUTES.length);
    expect(new Set(ROUTES.map((r) => r.path.toLowerCase())).size).toBe(ROUTES.length);
  });

  it("marks SPEC's top-level pages and our own menu pages as having no back button, and only them", () => {
    const noBack = ROUTES.filter((r) => r.noBack).map((r) => r.name);
    expect(noBack.sort()).toEqual(
      [
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
        "securityEvents",
        "clientErrors",
        "deviceDeadLetters",
        "teamMembers",
      ].sort(),
    );
  });

  it("never caches SPEC's never-cached pages, and caches the rest", () => {
    const noCache = ROUTES.filter((r) => r.noCache).map((r) => r.name);
    expect(noCache.sort()).toEqual(
      [
        "CkFaultAnalysis",
        "CkInDoor",
        "CkOutDoor",
        "CkSystemCycle",
        "FaultAnalysis",
        "HiMit",
        "InDoor",
        "OutDoor",
      ].sort(),
    );
  });

  it("flags SPEC's live-socket routes", () => {
    const socket = ROUTES.filter((r) => r.socket).map((r) => r.name);
    expect(socket.sort()).toEqual(
      [
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
      ].sort(),
    );
  });

  it("keeps detail pages and account pages out of the sidebar", () => {
    for (const name of ["projectWriteIn", "projectDetail", "CheckerDetail", "changePwd", "perInfo"]) {
      expect(routeByName(name)?.hidden, name).toBe(true);
    }
    // Both modules' dashboards are sidebar entries (agency is hidden in SPEC's table; see the registry).
    for (const name of ["ProjectList", "HiMit", "Dashboard", "agency", "PCSoftware", "CkOutDoor"]) {
      expect(routeByName(name)?.hidden, name).toBe(false);
    }
  });

  it("titles every entry menu:<name>, with an edit title for projectWriteIn with a projectCode", () => {
    for (const route of ROUTES) expect(route.titleKey).toBe(`menu:${route.name}`);
    const writeIn = routeByName("projectWriteIn");
    if (!writeIn) throw new Error("projectWriteIn missing");
    expect(titleKeyOf(writeIn, "")).toBe("menu:projectWriteIn");
    expect(titleKeyOf(writeIn, "?projectCode=P1")).toBe("menu:projectEdit");
  });

  it("gives every sidebar entry an icon, so the menu lines up", () => {
    for (const route of ROUTES) if (!route.hidden) expect(route.icon, route.name).not.toBeNull();
  });

  it("gives every page a component and no group one", () => {
    for (const route of ROUTES) expect(route.component === null, route.name).toBe(route.kind === "group");
  });

  it("uses the paths of SPEC section 2", () => {
    expect(routeByName("Dashboard")?.path).toBe("/dashboard");
    expect(routeByName("ProjectList")?.path).toBe("/projectMangement/ProjectList");
    expect(routeByName("HiMit")?.path).toBe("/equipmentCenter/HiMit");
    expect(routeByName("CkFaultAnalysis")?.path).toBe("/equipmentCenter/ckfaultanalysis");
    expect(routeByName("changePwd")?.path).toBe("/platformCenter/changePwd");
    expect(matchRoute("/platformcenter/pcsoftware/")?.name).toBe("PCSoftware");
    expect(matchRoute("/nowhere")).toBeUndefined();
  });

  it("opens SPEC's devicedetails/:id for any id, hidden, allowed with the device detail pages", () => {
    expect(matchRoute("/equipmentCenter/devicedetails/42")?.name).toBe("DeviceDetails");
    expect(matchRoute("/equipmentcenter/DeviceDetails/7/")?.name).toBe("DeviceDetails");
    expect(matchRoute("/equipmentCenter/devicedetails")).toBeUndefined();
    expect(matchRoute("/equipmentCenter/devicedetails/1/2")).toBeUndefined();
    const route = routeByName("DeviceDetails");
    expect(route).toMatchObject({ hidden: true, forwards: true, roles: [2] });
    expect(allowedRouteNames(toMenu(DISTRIBUTOR_MENU)).has("DeviceDetails")).toBe(true);
    expect(allowedRouteNames(toMenu(CHECKER_MENU)).has("DeviceDetails")).toBe(false);
  });

  it("opens the system cycle diagram hidden and never cached, allowed with the checker's unit pages", () => {
    expect(routeByName("CkSystemCycle")).toMatchObject({
      path: "/equipmentCenter/ckSystemCycle",
      roles: [5],
      hidden: true,
      noCache: true,
      allowedWith: "CkOutDoor",
    });
    expect(allowedRouteNames(toMenu(CHECKER_MENU)).has("CkSystemCycle")).toBe(true);
    expect(allowedRouteNames(toMenu(DISTRIBUTOR_MENU)).has("CkSystemCycle")).toBe(false);
  });
});

describe("allowedRouteNames", () => {
  it("allows exactly the registry entries named in the server's distributor menu", () => {
    const allowed = allowedRouteNames(toMenu(DISTRIBUTOR_MENU));
    for (const name of ROLE_2_ROUTES) expect(allowed.has(name), name).toBe(true);
    expect(allowed.has("Dashboard")).toBe(false);
    expect(allowed.has("projectMangement")).toBe(true);
    expect(allowed.has("changePwd2")).toBe(true);
    expect(homePath(2, allowed)).toBe("/agency");
  });

  it("allows the checker menu's routes", () => {
    const allowed = allowedRouteNames(toMenu(CHECKER_MENU));
    for (const name of ROLE_5_ROUTES) expect(allowed.has(name), name).toBe(true);
    expect(allowed.has("agency")).toBe(false);
    expect(allowed.has("projectMangement")).toBe(false);
    expect(homePath(5, allowed)).toBe("/dashboard");
  });

  it("ignores menu names the registry does not know, and groups without allowed pages", () => {
    const menu = toMenu([{ name: "SomethingNew" }, { name: "equipmentCenter", children: [{ name: "AlsoUnknown" }] }]);
    expect([...allowedRouteNames(menu)]).toEqual([]);
  });
});
