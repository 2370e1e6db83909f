import { describe, expect, it } from "vitest";
import { detectLanguage, i18n, loadLanguage } from "./i18n.ts";

describe("detectLanguage", () => {
  it("prefers the stored choice", () => {
    expect(detectLanguage("zh", ["en-US"])).toBe("zh");
    expect(detectLanguage("en", ["zh-CN"])).toBe("en");
  });

  it("falls back to the browser language, any zh variant meaning Chinese", () => {
    expect(detectLanguage(null, ["zh-TW"])).toBe("zh");
    expect(detectLanguage("fr", ["de-DE", "zh-Hans-CN"])).toBe("zh");
    expect(detectLanguage(null, ["en-GB", "zh-CN"])).toBe("en");
  });

  it("ends in English", () => {
    expect(detectLanguage(null, [])).toBe("en");
    expect(detectLanguage(null, ["fr-FR"])).toBe("en");
  });
});

describe("i18n resources", () => {
  it("loads every area file of a language as a namespace, with that language's antd strings", async () => {
    const en = await loadLanguage("en");
    const zh = await loadLanguage("zh");
    expect(Object.keys(i18n.store.data.en ?? {})).toEqual(expect.arrayContaining(["common", "menu", "errors"]));
    // Both packs hold the same areas (the key sets themselves are compared by locales/locale-parity.test.ts).
    expect(Object.keys(i18n.store.data.zh ?? {}).sort()).toEqual(Object.keys(i18n.store.data.en ?? {}).sort());
    expect(i18n.t("common:platformTitle", { lng: "en" })).toBe("VRF Cloud");
    expect(i18n.t("menu:Dashboard", { lng: "zh" })).toBe("仪表盘");
    expect([en.antdLocale.locale, zh.antdLocale.locale]).toEqual(["en", "zh-cn"]);
  });
});
