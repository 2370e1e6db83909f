import { describe, expect, it } from "vitest";
import { AUTO_ENTRY_PAUSE_MS, directEntryModule, onlyModule } from "./direct-entry.ts";

const NOW = 1_000_000;
const sentByGuard = { redirect: "/dashboard", lastAutoEntryAt: null, now: NOW };

describe("onlyModule", () => {
  it("names the module of a one-module account", () => {
    expect(onlyModule([5])).toBe(5);
    expect(onlyModule([2])).toBe(2);
    expect(onlyModule([5, 5])).toBe(5);
  });

  it("has none for no module or two", () => {
    expect(onlyModule([])).toBeNull();
    expect(onlyModule([2, 5])).toBeNull();
    expect(onlyModule([7])).toBeNull();
  });
});

describe("directEntryModule", () => {
  it("enters the only module of a checker-only account the guard sent to the chooser", () => {
    expect(directEntryModule({ ...sentByGuard, authorities: [5] })).toBe(5);
  });

  it("shows the chooser to an account with two modules (the remembered one is entered at sign-in)", () => {
    expect(directEntryModule({ ...sentByGuard, authorities: [2, 5] })).toBeNull();
    expect(directEntryModule({ ...sentByGuard, authorities: [] })).toBeNull();
  });

  it("shows the chooser opened to choose, so the user menu's switch module does not loop", () => {
    expect(directEntryModule({ ...sentByGuard, authorities: [5], redirect: null })).toBeNull();
  });

  it("does not enter again right after an automatic entry sent the user back", () => {
    expect(directEntryModule({ ...sentByGuard, authorities: [5], lastAutoEntryAt: NOW - 1_000 })).toBeNull();
    expect(directEntryModule({ ...sentByGuard, authorities: [5], lastAutoEntryAt: NOW - AUTO_ENTRY_PAUSE_MS })).toBe(5);
  });
});
