import { describe, expect, it } from "vitest";
import { boundEmailProblem } from "./bound-users.ts";

describe("adding a bound user", () => {
  const own = "distributor@example.com";
  it("accepts a new valid address", () => {
    expect(boundEmailProblem(" checker@example.com ", [], own)).toBeNull();
  });
  it("refuses the signed-in user, whatever the case", () => {
    expect(boundEmailProblem("Distributor@Example.com", [], own)).toBe("self");
  });
  it("refuses an address already in the list and a malformed one", () => {
    expect(boundEmailProblem("CHECKER@example.com", ["checker@example.com"], own)).toBe("duplicate");
    expect(boundEmailProblem("checker@", [], own)).toBe("invalid");
  });
  it("stops at the limit", () => {
    const many = Array.from({ length: 20 }, (_, i) => `u${i}@example.com`);
    expect(boundEmailProblem("new@example.com", many, own)).toBe("tooMany");
  });
});
