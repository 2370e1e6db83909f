import { describe, expect, it } from "vitest";
import {
  confirmLeave,
  hasUnsavedEdits,
  needsLeaveQuestion,
  registerLeaveGuard,
  setHiddenPages,
} from "./leave-guard.ts";

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

describe("leave guards of pages kept hidden", () => {
  it("outlive the hidden page's effect cleanup, and go once it is unmounted", async () => {
    const stop = registerLeaveGuard(
      "form",
      async () => false,
      () => true,
    );
    expect(needsLeaveQuestion("form")).toBe(true);
    expect(hasUnsavedEdits()).toBe(true);

    // Hidden: the outlet names it first, then its effects are cleaned up.
    setHiddenPages(new Set(["form"]));
    stop();
    expect(needsLeaveQuestion("form")).toBe(true);
    expect(await confirmLeave(["form"])).toBe(false);

    // Unmounted while hidden (its tab closed): no cleanup runs again, the outlet's list drops it.
    setHiddenPages(new Set());
    expect(needsLeaveQuestion("form")).toBe(false);
    expect(await confirmLeave(["form"])).toBe(true);
  });

  it("ask only when the page says it has edits; a guard without that probe always asks", () => {
    let edited = false;
    const stopA = registerLeaveGuard(
      "a",
      async () => true,
      () => edited,
    );
    const stopB = registerLeaveGuard("b", async () => true);
    expect(needsLeaveQuestion("a")).toBe(false);
    expect(hasUnsavedEdits()).toBe(false);
    edited = true;
    expect(needsLeaveQuestion("a")).toBe(true);
    expect(hasUnsavedEdits()).toBe(true);
    expect(needsLeaveQuestion("b")).toBe(true);
    expect(needsLeaveQuestion("none")).toBe(false);
    stopA();
    stopB();
    expect(hasUnsavedEdits()).toBe(false);
  });

  it("are registered anew when the page is shown again", async () => {
    const stopOld = registerLeaveGuard("page", async () => false);
    setHiddenPages(new Set(["page"]));
    stopOld();
    // Shown again: off the hidden list (the old registration goes), its effect registers a new guard.
    setHiddenPages(new Set());
    const stopNew = registerLeaveGuard("page", async () => true);
    expect(await confirmLeave(["page"])).toBe(true);
    stopNew();
    expect(needsLeaveQuestion("page")).toBe(false);
  });
});
