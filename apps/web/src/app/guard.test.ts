import { describe, expect, it } from "vitest";
import { decideNavigation, type GuardInput, redirectTarget } from "./guard.ts";
import { ROUTES } from "./route-registry.ts";

const ALL_PAGES = new Set(ROUTES.map((route) => route.name));
const DISTRIBUTOR_ALLOWED = new Set([
  "agency",
  "projectMangement",
  "ProjectList",
  "equipmentCenter",
  "HiMit",
  "platformCenter",
  "changePwd",
  "changePwd2",
  "perInfo",
]);

const input = (overrides: Partial<GuardInput> & { path?: string; search?: string }): GuardInput => {
  const { path = "/", search = "", ...rest } = overrides;
  return {
    to: { pathname: path, search },
    from: null,
    token: "token",
    authorityNum: 5,
    roles: [5],
    permissionsLoaded: true,
    allowedRoutes: ALL_PAGES,
    ...rest,
  };
};

describe("decideNavigation", () => {
  describe("(a) token, going to /login", () => {
    it("proceeds even with permissions not loaded, and closes the socket", () => {
      expect(decideNavigation(input({ path: "/login", permissionsLoaded: false }))).toEqual({
        type: "proceed",
        socket: "close",
      });
    });
  });

  describe("(b) token, permissions loaded", () => {
    it("opens the live socket on every page of the Hi-Checker module, SPEC's socket routes or not", () => {
      expect(decideNavigation(input({ path: "/dashboard" }))).toEqual({ type: "proceed", socket: "open" });
      expect(decideNavigation(input({ path: "/platformCenter/perInfo" }))).toEqual({ type: "proceed", socket: "open" });
      expect(decideNavigation(input({ path: "/platformCenter/changePwd" }))).toEqual({
        type: "proceed",
        socket: "open",
      });
    });

    it("opens the live socket on every page of the Distributor Cloud (decision 0004)", () => {
      const distributor = { authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED };
      for (const path of [
        "/agency",
        "/projectMangement/ProjectList",
        "/equipmentCenter/HiMit",
        "/platformCenter/perInfo",
      ]) {
        expect(decideNavigation(input({ path, ...distributor }))).toEqual({ type: "proceed", socket: "open" });
      }
    });

    it("keeps the socket as it is while a group or the root redirects inside the module", () => {
      const distributor = { authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED };
      expect(decideNavigation(input({ path: "/", ...distributor }))).toMatchObject({
        type: "redirect",
        socket: "keep",
      });
      expect(decideNavigation(input({ path: "/equipmentCenter", ...distributor }))).toMatchObject({
        type: "redirect",
        socket: "keep",
      });
    });

    it("closes the socket when the page does not exist or is not in the menu", () => {
      expect(decideNavigation(input({ path: "/no/such/page" }))).toMatchObject({ socket: "close" });
      expect(
        decideNavigation(
          input({ path: "/equipmentCenter/HiDom", authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED }),
        ),
      ).toMatchObject({ socket: "close" });
    });

    it("sends an unknown path to /404", () => {
      expect(decideNavigation(input({ path: "/no/such/page" }))).toMatchObject({ type: "redirect", to: "/404" });
    });

    it("sends a known route missing from the menu to /404", () => {
      expect(
        decideNavigation(
          input({ path: "/equipmentCenter/HiDom", authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED }),
        ),
      ).toMatchObject({ type: "redirect", to: "/404" });
    });

    it("matches paths case-insensitively and ignores a trailing slash, like the router", () => {
      expect(decideNavigation(input({ path: "/Dashboard/" }))).toEqual({ type: "proceed", socket: "open" });
    });

    it("opens devicedetails/:id for any id, switching a checker session to the Distributor Cloud", () => {
      const distributor = { authorityNum: 2, roles: [2], allowedRoutes: ALL_PAGES };
      expect(decideNavigation(input({ path: "/equipmentCenter/devicedetails/12", ...distributor }))).toEqual({
        type: "proceed",
        socket: "open",
      });
      expect(decideNavigation(input({ path: "/equipmentCenter/devicedetails/12", roles: [2, 5] }))).toEqual({
        type: "switchModule",
        authorityNum: 2,
        socket: "close",
      });
    });

    it("sends / to the module's home", () => {
      expect(decideNavigation(input({ path: "/" }))).toMatchObject({ type: "redirect", to: "/dashboard" });
      expect(
        decideNavigation(input({ path: "/", authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED })),
      ).toMatchObject({ type: "redirect", to: "/agency" });
    });

    it("sends / to the first allowed page when the home is not in the menu", () => {
      const allowed = new Set(["equipmentCenter", "HiMit"]);
      expect(decideNavigation(input({ path: "/", authorityNum: 2, roles: [2], allowedRoutes: allowed }))).toMatchObject(
        {
          type: "redirect",
          to: "/equipmentCenter/HiMit",
        },
      );
    });

    it("sends a group path to its first allowed page", () => {
      expect(
        decideNavigation(
          input({ path: "/equipmentCenter", authorityNum: 2, roles: [2], allowedRoutes: DISTRIBUTOR_ALLOWED }),
        ),
      ).toMatchObject({ type: "redirect", to: "/equipmentCenter/HiMit" });
    });
  });

  describe("(c) token, permissions not loaded", () => {
    it("loads them first, for known and unknown paths alike", () => {
      expect(decideNavigation(input({ path: "/dashboard", permissionsLoaded: false }))).toMatchObject({
        type: "loadPermissions",
      });
      expect(decideNavigation(input({ path: "/nowhere", permissionsLoaded: false }))).toMatchObject({
        type: "loadPermissions",
      });
      expect(decideNavigation(input({ path: "/", permissionsLoaded: false }))).toMatchObject({
        type: "loadPermissions",
      });
    });

    it("keeps the socket as it is meanwhile", () => {
      expect(
        decideNavigation(input({ path: "/agency", authorityNum: 2, roles: [2], permissionsLoaded: false })),
      ).toEqual({ type: "loadPermissions", socket: "keep" });
    });
  });

  describe("(d) no token", () => {
    const anonymous = { token: null, authorityNum: null, roles: [], permissionsLoaded: false };

    it("lets public paths through and closes the socket", () => {
      for (const path of ["/login", "/auth-redirect", "/address", "/download", "/404", "/401"]) {
        expect(decideNavigation(input({ ...anonymous, path }))).toEqual({ type: "proceed", socket: "close" });
      }
    });

    it("lets pre-login paths through on first load or when coming from the root", () => {
      expect(decideNavigation(input({ ...anonymous, path: "/register", from: null }))).toEqual({
        type: "proceed",
        socket: "close",
      });
      expect(decideNavigation(input({ ...anonymous, path: "/forget", from: { pathname: "/" } }))).toEqual({
        type: "proceed",
        socket: "close",
      });
    });

    it("lets pre-login paths through when coming from another public or pre-login page", () => {
      expect(decideNavigation(input({ ...anonymous, path: "/checkEmail", from: { pathname: "/register" } }))).toEqual({
        type: "proceed",
        socket: "close",
      });
      expect(decideNavigation(input({ ...anonymous, path: "/forget", from: { pathname: "/login" } }))).toEqual({
        type: "proceed",
        socket: "close",
      });
    });

    it("sends a pre-login path reached from a gated page to /login with redirect", () => {
      expect(decideNavigation(input({ ...anonymous, path: "/setupPwd", from: { pathname: "/dashboard" } }))).toEqual({
        type: "redirect",
        to: "/login?redirect=%2FsetupPwd",
        socket: "close",
      });
    });

    it("sends every other path to /login with the full path as redirect", () => {
      expect(decideNavigation(input({ ...anonymous, path: "/equipmentCenter/HiMit", search: "?wifiId=A1" }))).toEqual({
        type: "redirect",
        to: "/login?redirect=%2FequipmentCenter%2FHiMit%3FwifiId%3DA1",
        socket: "close",
      });
      expect(decideNavigation(input({ ...anonymous, path: "/restrict" }))).toMatchObject({
        to: "/login?redirect=%2Frestrict",
      });
      expect(decideNavigation(input({ ...anonymous, path: "/" }))).toEqual({
        type: "redirect",
        to: "/login",
        socket: "close",
      });
    });
  });

  describe("our additions", () => {
    it("sends a signed-in user without a module to /restrict with redirect", () => {
      expect(
        decideNavigation(
          input({ path: "/equipmentCenter/HiMit", authorityNum: null, roles: [2, 5], permissionsLoaded: false }),
        ),
      ).toEqual({ type: "redirect", to: "/restrict?redirect=%2FequipmentCenter%2FHiMit", socket: "close" });
      expect(decideNavigation(input({ path: "/", authorityNum: null, permissionsLoaded: false }))).toMatchObject({
        to: "/restrict",
      });
    });

    it("lets a signed-in user reach /restrict and pre-login pages without loading permissions", () => {
      for (const path of ["/restrict", "/userProfile", "/licence", "/404"]) {
        expect(decideNavigation(input({ path, authorityNum: null, permissionsLoaded: false }))).toEqual({
          type: "proceed",
          socket: "close",
        });
      }
    });

    it("switches module when the route belongs to another authority the account holds, closing the socket", () => {
      expect(
        decideNavigation(
          input({ path: "/dashboard", authorityNum: 2, roles: [2, 5], allowedRoutes: DISTRIBUTOR_ALLOWED }),
        ),
      ).toEqual({ type: "switchModule", authorityNum: 5, socket: "close" });
      expect(
        decideNavigation(input({ path: "/agency", authorityNum: 5, roles: [2, 5], permissionsLoaded: false })),
      ).toMatchObject({ type: "switchModule", authorityNum: 2 });
    });

    it("sends a route of an authority the account lacks to /401, closing the socket", () => {
      expect(decideNavigation(input({ path: "/agency", authorityNum: 5, roles: [5] }))).toEqual({
        type: "redirect",
        to: "/401",
        socket: "close",
      });
    });

    it("always lets the refresh helper through", () => {
      expect(decideNavigation(input({ path: "/redirect/dashboard", token: null }))).toMatchObject({ type: "proceed" });
    });
  });
});

describe("redirectTarget", () => {
  it("accepts in-app paths with their query", () => {
    expect(redirectTarget("?redirect=%2FequipmentCenter%2FHiMit%3FwifiId%3DA1")).toBe(
      "/equipmentCenter/HiMit?wifiId=A1",
    );
    expect(redirectTarget("redirect=/dashboard")).toBe("/dashboard");
  });

  it("refuses anything that could leave the app or loop back to sign-in", () => {
    expect(redirectTarget("")).toBeNull();
    expect(redirectTarget("?redirect=https%3A%2F%2Fevil.example")).toBeNull();
    expect(redirectTarget("?redirect=%2F%2Fevil.example")).toBeNull();
    expect(redirectTarget("?redirect=%2F%5Cevil.example")).toBeNull();
    expect(redirectTarget("?redirect=javascript%3Aalert(1)")).toBeNull();
    expect(redirectTarget("?redirect=%2Flogin%3Fredirect%3D%2Fx")).toBeNull();
  });
});
