import { describe, expect, it } from "vitest";
import { ROUTES, routeByName } from "../route-registry.ts";
import { SHELL_PAGE_NAMES, shellPages } from "./shell-pages.ts";

describe("the shell's pages", () => {
  it("are named after pages of the route registry", () => {
    for (const name of SHELL_PAGE_NAMES) expect(routeByName(name)?.kind, name).toBe("page");
  });

  it("give every page of the registry a component, the coming-soon page for those not delivered yet", () => {
    const comingSoon = shellPages("no such route");
    for (const route of ROUTES.filter((r) => r.kind === "page")) {
      expect(shellPages(route.name), route.name).toBeTruthy();
      expect(shellPages(route.name) === comingSoon, route.name).toBe(!SHELL_PAGE_NAMES.includes(route.name));
    }
    // Two routes of the registry may show one page (changePwd2 is the checker's change-password).
    expect(shellPages("changePwd2")).toBe(shellPages("changePwd"));
  });
});
