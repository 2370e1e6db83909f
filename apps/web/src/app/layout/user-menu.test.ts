import { describe, expect, it } from "vitest";
import { userMenuKeys } from "./user-menu.ts";

describe("user drop-down", () => {
  it("gives everyone switch module, change password, personal information and log out", () => {
    expect(userMenuKeys(5, 1)).toEqual(["switchModule", "changePassword", "personalInfo", "logout"]);
  });

  it("adds settings and sub-distributor management for a distributor account (authority 2)", () => {
    expect(userMenuKeys(2, 1)).toEqual([
      "switchModule",
      "subDistributors",
      "settings",
      "changePassword",
      "personalInfo",
      "logout",
    ]);
  });

  it("leaves sub-distributor management out for a sub-distributor's account (roleNum 3)", () => {
    expect(userMenuKeys(2, 3)).toEqual(["switchModule", "settings", "changePassword", "personalInfo", "logout"]);
  });
});
