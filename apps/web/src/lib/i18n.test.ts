import { readdirSync } from "node:fs";
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

  for (const language of ["en", "zh"] as const) {
    it(`puts each ${language} area file in exactly one part: start pack, sign-in, dashboard or shell texts`, async () => {
      const areasOf = (texts: Record<string, unknown>) =>
        Object.keys(texts).map((file) => /\/([^/]+)\.json$/.exec(file)?.[1]);
      const parts = await Promise.all([
        import(`./language-pack-${language}.ts`).then((m) => areasOf(m.pack.texts)),
        import(`./sign-in-texts-${language}.ts`).then((m) => areasOf(m.texts)),
        import(`./dashboard-texts-${language}.ts`).then((m) => areasOf(m.texts)),
        import(`./shell-texts-${language}.ts`).then((m) => areasOf(m.texts)),
      ]);
      const files = readdirSync(new URL(`../locales/${language}/`, import.meta.url))
        .filter((file) => file.endsWith(".json"))
        .map((file) => file.replace(/\.json$/, ""));
      // Each file once: none left out, none fetched twice.
      expect(parts.flat().sort()).toEqual(files.sort());
      // The sign-in pages' and the dashboard's own areas stay out of the start pack.
      expect(parts[0]?.sort()).toEqual(["common", "errors", "menu"]);
      expect(parts[1]?.sort()).toEqual(["auth", "moduleChoice"]);
      expect(parts[2]?.sort()).toEqual(["agency", "checkerDashboard"]);
    });
  }
});
