import { describe, expect, it } from "vitest";
import { moduleEntryPath, moduleToEnter, parseAuthorities, rememberedModule, restrictPath } from "./after-login.ts";

describe("parseAuthorities", () => {
  it("reads the comma-separated roles string", () => {
    expect(parseAuthorities("2,5")).toEqual([2, 5]);
    expect(parseAuthorities(" 5 ")).toEqual([5]);
    expect(parseAuthorities("1,2,x,")).toEqual([2]);
    expect(parseAuthorities(null)).toEqual([]);
  });
});

describe("rememberedModule", () => {
  it("enters the remembered module the user still holds", () => {
    expect(rememberedModule({ rememberSelect: 1, selectMode: 5 }, [2, 5])).toBe(5);
  });

  it("asks again when not remembered, nothing stored, or the authority was withdrawn", () => {
    expect(rememberedModule({ rememberSelect: 2, selectMode: 5 }, [2, 5])).toBeNull();
    expect(rememberedModule({ rememberSelect: 1, selectMode: null }, [2, 5])).toBeNull();
    expect(rememberedModule({ rememberSelect: 1, selectMode: 5 }, [2])).toBeNull();
    expect(rememberedModule(null, [2])).toBeNull();
  });
});

describe("moduleToEnter", () => {
  it("enters the only module of a one-module account, remembered or not", () => {
    expect(moduleToEnter(null, [5])).toBe(5);
    expect(moduleToEnter({ rememberSelect: 2, selectMode: null }, [5])).toBe(5);
    expect(moduleToEnter({ rememberSelect: 1, selectMode: 2 }, [5])).toBe(5);
    expect(moduleToEnter(null, [2])).toBe(2);
  });

  it("keeps the remember setting for an account with two modules", () => {
    expect(moduleToEnter({ rememberSelect: 1, selectMode: 5 }, [2, 5])).toBe(5);
    expect(moduleToEnter({ rememberSelect: 2, selectMode: 5 }, [2, 5])).toBeNull();
    expect(moduleToEnter(null, [2, 5])).toBeNull();
  });

  it("asks an account without a module (the chooser says so)", () => {
    expect(moduleToEnter({ rememberSelect: 1, selectMode: 5 }, [])).toBeNull();
  });
});

describe("paths", () => {
  it("goes to the redirect, else the module home", () => {
    expect(moduleEntryPath(2, null)).toBe("/agency");
    expect(moduleEntryPath(5, null)).toBe("/dashboard");
    expect(moduleEntryPath(5, "/platformCenter/perInfo")).toBe("/platformCenter/perInfo");
  });

  it("carries the redirect to the chooser", () => {
    expect(restrictPath(null)).toBe("/restrict");
    expect(restrictPath("/projectMangement/ProjectList?x=1")).toBe(
      "/restrict?redirect=%2FprojectMangement%2FProjectList%3Fx%3D1",
    );
  });
});
