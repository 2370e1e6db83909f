import { describe, expect, it } from "vitest";
import { fitRoleToModules, modulesOf } from "./grants.ts";

describe("team grants", () => {
  it("keeps an administrator only with Distributor Cloud", () => {
    expect(fitRoleToModules({ authorities: [5], role: "admin" })).toEqual({ authorities: [5], role: "member" });
    expect(fitRoleToModules({ authorities: [2], role: "admin" })).toEqual({ authorities: [2], role: "admin" });
    expect(fitRoleToModules({ authorities: [5], role: "member" })).toEqual({ authorities: [5], role: "member" });
  });

  it("keeps only the grantable modules of an account's authorities", () => {
    expect(modulesOf([2, 3, 5])).toEqual([2, 5]);
    expect(modulesOf([])).toEqual([]);
  });
});
