import { describe, expect, it } from "vitest";
import { keysForEvent } from "../../../lib/device-events.ts";
import { faultKeys, faultsLive } from "./query-keys.ts";

const faultEvent = { type: "faults" as const, organisationId: 1, deviceId: 7, projectId: null };

describe("fault query keys", () => {
  it("keeps Distributor Cloud's keys as they were", () => {
    const keys = faultKeys("faults");
    expect(keys.list({ pageNum: 1 })).toEqual(["faults", "list", { pageNum: 1 }]);
    expect(keys.stats({})).toEqual(["faults", "stats", {}]);
    expect(keys.codes).toEqual(["faults", "codes"]);
    expect(keys.deviceOptions({ keyword: "A" })).toEqual(["faults", "device-options", { keyword: "A" }]);
  });

  it("gives the Hi-Checker module's queries keys of their own", () => {
    const distributor = faultKeys("faults");
    const hiChecker = faultKeys("hiCheckerFaults");
    expect(hiChecker.list({})[0]).not.toBe(distributor.list({})[0]);
    expect(hiChecker.codes).toEqual(["hiCheckerFaults", "codes"]);
  });

  it("refreshes a module's records and statistics on a fault event, and nothing on others", () => {
    expect(keysForEvent(faultsLive("hiCheckerFaults"), faultEvent)).toEqual([
      ["hiCheckerFaults", "list"],
      ["hiCheckerFaults", "stats"],
    ]);
    expect(keysForEvent(faultsLive("faults"), faultEvent)).toEqual([
      ["faults", "list"],
      ["faults", "stats"],
    ]);
    expect(
      keysForEvent(faultsLive("faults"), { type: "deviceState", organisationId: 1, deviceId: 7, status: "online" }),
    ).toEqual([]);
  });
});
