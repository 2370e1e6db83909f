import { describe, expect, it } from "vitest";
import { confirmLeave, registerLeaveGuard } from "./leave-guard.ts";

describe("leave guard registry", () => {
  it("lets pages without a guard go and asks the guarded ones in order", async () => {
    const asked: string[] = [];
    const stopA = registerLeaveGuard("a", async () => {
      asked.push("a");
      return true;
    });
    const stopB = registerLeaveGuard("b", async () => {
      asked.push("b");
      return false;
    });
    expect(await confirmLeave(["free"])).toBe(true);
    expect(await confirmLeave(["a", "b", "a"])).toBe(false);
    expect(asked).toEqual(["a", "b"]);
    stopB();
    expect(await confirmLeave(["b"])).toBe(true);
    stopA();
  });

  it("keeps a newer guard when an older registration is removed", async () => {
    const stopOld = registerLeaveGuard("page", async () => true);
    const stopNew = registerLeaveGuard("page", async () => false);
    stopOld();
    expect(await confirmLeave(["page"])).toBe(false);
    stopNew();
  });
});
