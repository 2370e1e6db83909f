import { CHECKER_MENU, DISTRIBUTOR_MENU, type MenuSeed } from "@vrf/contract/menu-tree.ts";
import type { TMenuEntry } from "@vrf/contract/module/session.ts";
import { describe, expect, it } from "vitest";
import { allowedRouteNames } from "../route-registry.ts";
import { buildMenu } from "./menu-model.ts";

const toMenu = (seeds: readonly MenuSeed[]): TMenuEntry[] =>
  seeds.map((seed, index) => ({
    id: index + 1,
    menuName: seed.name,
    pid: 0,
    url: seed.name,
    icon: seed.icon ?? null,
    children: toMenu(seed.children ?? []),
  }));

describe("sidebar menu", () => {
  it("shows the distributor's visible pages in the server's order, groups as sub-menus", () => {
    const menu = toMenu(DISTRIBUTOR_MENU);
    const nodes = buildMenu(menu, allowedRouteNames(menu));
    // The dashboard (agency) comes first; of the platform centre a distributor sees the security and
    // error logs, the rejected device messages and the team.
    expect(nodes.map((n) => n.name)).toEqual(["agency", "projectMangement", "equipmentCenter", "platformCenter"]);
    expect(nodes[0]).toMatchObject({ key: "/agency", icon: "dashboard", titleKey: "menu:agency" });
    expect(nodes[3]?.children?.map((n) => n.name)).toEqual([
      "securityEvents",
      "clientErrors",
      "deviceDeadLetters",
      "teamMembers",
    ]);
    expect(nodes[1]?.children?.map((n) => n.key)).toEqual([
      "/projectMangement/ProjectList",
      "/projectMangement/projectMap",
    ]);
    expect(nodes[2]?.children?.map((n) => n.name)).toEqual([
      "HiMit",
      "HiDom",
      "SmartTouch",
      "HiMitChecker",
      "OutDoor",
      "InDoor",
      "FaultAnalysis",
      "DeviceImporting",
      "Repairreport",
    ]);
    expect(nodes[1]?.icon).toBe("organization");
  });

  it("shows the checker's dashboard, equipment and platform centre", () => {
    const menu = toMenu(CHECKER_MENU);
    const nodes = buildMenu(menu, allowedRouteNames(menu));
    expect(nodes.map((n) => n.name)).toEqual(["Dashboard", "equipmentCenter", "platformCenter"]);
    expect(nodes[0]).toMatchObject({ key: "/dashboard", icon: "dashboard" });
    expect(nodes[2]?.children?.map((n) => n.name)).toEqual(["PCSoftware"]);
    expect(nodes[1]?.children?.find((n) => n.name === "CkOutDoor")?.icon).toBe("outDoor");
  });

  it("leaves out unknown names and routes not allowed; an unknown server icon falls back to the registry's", () => {
    const menu: TMenuEntry[] = [
      { id: 1, menuName: "x", pid: 0, url: "Unknown", icon: null, children: [] },
      { id: 2, menuName: "HiMit", pid: 0, url: "HiMit", icon: "no-such-icon", children: [] },
    ];
    expect(buildMenu(menu, new Set())).toEqual([]);
    expect(buildMenu(menu, new Set(["HiMit"]))).toEqual([
      { key: "/equipmentCenter/HiMit", name: "HiMit", titleKey: "menu:HiMit", icon: "controller" },
    ]);
  });
});
