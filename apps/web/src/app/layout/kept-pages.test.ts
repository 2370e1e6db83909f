import { describe, expect, it } from "vitest";
import { NO_CACHE_ROUTES, ROUTES, routeByName } from "../route-registry.ts";
import { type KeptPagesInput, keptPageNames, MAX_KEPT_PAGES, mayKeepPage } from "./kept-pages.ts";

const none: ReadonlySet<string> = new Set();
const input = (extra: Partial<KeptPagesInput>): KeptPagesInput => ({
  previous: [],
  active: null,
  openTabs: [],
  discarded: none,
  pinned: none,
  max: MAX_KEPT_PAGES,
  ...extra,
});

describe("which pages are kept", () => {
  it("never keeps SPEC section 4's never-cached pages, groups or pages that only forward", () => {
    for (const name of ["HiMit", "FaultAnalysis", "OutDoor", "InDoor", "CkOutDoor", "CkInDoor", "CkFaultAnalysis"]) {
      expect(routeByName(name)?.noCache, name).toBe(true);
      expect(mayKeepPage(routeByName(name)), name).toBe(false);
    }
    for (const route of ROUTES.filter((r) => NO_CACHE_ROUTES.has(r.name))) expect(mayKeepPage(route)).toBe(false);
    expect(mayKeepPage(routeByName("equipmentCenter"))).toBe(false);
    expect(mayKeepPage(routeByName("DeviceDetails"))).toBe(false);
    expect(mayKeepPage(undefined)).toBe(false);
    for (const name of ["agency", "ProjectList", "projectWriteIn", "HiDom", "Repairreport", "securityEvents"]) {
      expect(mayKeepPage(routeByName(name)), name).toBe(true);
    }
  });

  it("keeps the page on screen first, then the open tabs' pages shown most recently", () => {
    const kept = keptPageNames(
      input({
        previous: ["HiDom", "ProjectList", "agency"],
        active: "Repairreport",
        openTabs: ["agency", "ProjectList", "HiDom", "Repairreport"],
      }),
    );
    expect(kept).toEqual(["Repairreport", "HiDom", "ProjectList", "agency"]);
    // Coming back to a kept page moves it to the front without remounting anything else.
    expect(
      keptPageNames(
        input({ previous: kept, active: "ProjectList", openTabs: ["agency", "ProjectList", "HiDom", "Repairreport"] }),
      ),
    ).toEqual(["ProjectList", "Repairreport", "HiDom", "agency"]);
  });

  it("drops a page once its tab is closed, and keeps none while a never-cached page is shown beyond the open tabs", () => {
    expect(
      keptPageNames(input({ previous: ["HiDom", "ProjectList"], active: null, openTabs: ["ProjectList"] })),
    ).toEqual(["ProjectList"]);
    expect(keptPageNames(input({ previous: ["HiDom"], active: null, openTabs: [] }))).toEqual([]);
  });

  it("drops a page asked to start afresh, unless it is the one on screen", () => {
    const openTabs = ["ProjectList", "projectWriteIn"];
    const discarded = new Set(["projectWriteIn"]);
    expect(
      keptPageNames(
        input({ previous: ["projectWriteIn", "ProjectList"], active: "projectWriteIn", openTabs, discarded }),
      ),
    ).toEqual(["projectWriteIn", "ProjectList"]);
    expect(
      keptPageNames(input({ previous: ["projectWriteIn", "ProjectList"], active: "ProjectList", openTabs, discarded })),
    ).toEqual(["ProjectList"]);
  });

  it("keeps at most the bound, dropping the page shown longest ago, but never one with unsaved edits", () => {
    const openTabs = ["a", "b", "c", "d", "e"];
    expect(keptPageNames(input({ previous: ["b", "c", "d", "e"], active: "a", openTabs, max: 3 }))).toEqual([
      "a",
      "b",
      "c",
    ]);
    expect(
      keptPageNames(input({ previous: ["b", "c", "d", "e"], active: "a", openTabs, max: 3, pinned: new Set(["e"]) })),
    ).toEqual(["a", "b", "e"]);
    expect(
      keptPageNames(
        input({ previous: ["b", "c", "d", "e"], active: "a", openTabs, max: 2, pinned: new Set(["d", "e"]) }),
      ),
    ).toEqual(["a", "d", "e"]);
  });
});
