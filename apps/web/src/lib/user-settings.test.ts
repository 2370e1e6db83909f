import { DEFAULT_USER_SETTINGS } from "@vrf/contract/account/user-settings.ts";
import { describe, expect, it } from "vitest";
import {
  antdSizeOf,
  mergeSettings,
  sameSettings,
  settingsFromJson,
  sizeCookie,
  sizeFromCookie,
  startingSettings,
  THEME_PRESETS,
} from "./user-settings.ts";

describe("display settings", () => {
  it("start from SPEC section 9's defaults (but with the sidebar logo, which names the module)", () => {
    expect(DEFAULT_USER_SETTINGS).toEqual({
      themeColor: "#2BC6C2",
      size: "small",
      tagsView: true,
      fixedHeader: false,
      sidebarLogo: true,
    });
    expect(THEME_PRESETS[0]).toBe("#2BC6C2");
    expect(new Set(THEME_PRESETS).size).toBe(THEME_PRESETS.length);
  });

  it("lay each valid remembered field over the base and drop the invalid ones", () => {
    const merged = mergeSettings(DEFAULT_USER_SETTINGS, {
      themeColor: "#409eff",
      size: "large",
      tagsView: false,
      fixedHeader: "true",
      sidebarLogo: false,
      unknown: 1,
    });
    expect(merged).toEqual({
      themeColor: "#409EFF",
      size: "small",
      tagsView: false,
      fixedHeader: false,
      sidebarLogo: false,
    });
    expect(mergeSettings(DEFAULT_USER_SETTINGS, null)).toEqual(DEFAULT_USER_SETTINGS);
    expect(mergeSettings(DEFAULT_USER_SETTINGS, "#409EFF")).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("read a remembered JSON copy, falling back to the defaults for none or garbage", () => {
    expect(settingsFromJson(null)).toEqual(DEFAULT_USER_SETTINGS);
    expect(settingsFromJson("{not json")).toEqual(DEFAULT_USER_SETTINGS);
    expect(settingsFromJson('{"size":"medium","themeColor":"#F5222D"}')).toMatchObject({
      size: "medium",
      themeColor: "#F5222D",
      tagsView: true,
    });
  });

  it("remember the size in a year-long cookie and read it back among others", () => {
    expect(sizeCookie("medium")).toBe("size=medium; path=/; max-age=31536000; SameSite=Lax");
    expect(sizeFromCookie("language=en; size=medium; other=1")).toBe("medium");
    expect(sizeFromCookie("size=small")).toBe("small");
    expect(sizeFromCookie("size=huge")).toBeNull();
    expect(sizeFromCookie("pagesize=medium")).toBeNull();
    expect(sizeFromCookie("")).toBeNull();
  });

  it("let the cookie's size win over the remembered copy before the account's settings arrive", () => {
    expect(startingSettings('{"size":"small","sidebarLogo":false}', "size=medium")).toMatchObject({
      size: "medium",
      sidebarLogo: false,
    });
    expect(startingSettings(null, "")).toEqual(DEFAULT_USER_SETTINGS);
  });

  it("map SPEC's sizes onto antd's and compare two sets field by field", () => {
    expect(antdSizeOf("small")).toBe("small");
    expect(antdSizeOf("medium")).toBe("middle");
    expect(sameSettings(DEFAULT_USER_SETTINGS, { ...DEFAULT_USER_SETTINGS })).toBe(true);
    expect(sameSettings(DEFAULT_USER_SETTINGS, { ...DEFAULT_USER_SETTINGS, fixedHeader: true })).toBe(false);
  });
});
