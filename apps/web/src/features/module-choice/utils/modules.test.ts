import { describe, expect, it } from "vitest";
import { entryPath, greetingOf, moduleOf } from "./modules.ts";

const ROLES: Record<string, readonly number[]> = {
  "/dashboard": [5],
  "/agency": [2],
  "/platformCenter/perInfo": [2, 5],
};
const rolesOfPath = (path: string) => ROLES[path] ?? null;

describe("entryPath", () => {
  it("goes to the module's home without a redirect", () => {
    expect(entryPath(2, null, rolesOfPath)).toBe("/agency");
    expect(entryPath(5, null, rolesOfPath)).toBe("/dashboard");
  });

  it("keeps a redirect that belongs to the chosen module, query included", () => {
    expect(entryPath(5, "/platformCenter/perInfo?tab=1", rolesOfPath)).toBe("/platformCenter/perInfo?tab=1");
  });

  it("drops a redirect into the other module", () => {
    expect(entryPath(2, "/dashboard", rolesOfPath)).toBe("/agency");
  });

  it("keeps a redirect that is no module page", () => {
    expect(entryPath(2, "/redirect/agency", rolesOfPath)).toBe("/redirect/agency");
  });
});

describe("moduleOf", () => {
  it("finds each module", () => {
    expect(moduleOf(2).key).toBe("distributor");
    expect(moduleOf(5).key).toBe("checker");
  });
});

describe("greetingOf", () => {
  it("follows the time of day", () => {
    expect(greetingOf(0)).toBe("morning");
    expect(greetingOf(11)).toBe("morning");
    expect(greetingOf(12)).toBe("afternoon");
    expect(greetingOf(17)).toBe("afternoon");
    expect(greetingOf(18)).toBe("evening");
    expect(greetingOf(23)).toBe("evening");
  });
});
