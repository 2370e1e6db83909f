import { describe, expect, it } from "vitest";
import { offeredLanguages, parseSupportLang } from "./support-lang.ts";

const SERVER = [
  { id: 0, code: "zh", name: "中文" },
  { id: 1, code: "en", name: "English" },
];

describe("parseSupportLang", () => {
  it("reads the stored language list", () => {
    expect(parseSupportLang(JSON.stringify(SERVER))).toEqual(SERVER);
  });

  it("ignores what is missing or not a language list", () => {
    expect(parseSupportLang(null)).toBeNull();
    expect(parseSupportLang("not json")).toBeNull();
    expect(parseSupportLang('{"code":"zh"}')).toBeNull();
    expect(parseSupportLang('[{"code":"zh"}]')).toBeNull();
  });
});

describe("offeredLanguages", () => {
  it("offers the server's languages in its order, only those the web has texts for", () => {
    expect(offeredLanguages(SERVER, ["zh", "en"])).toEqual(["zh", "en"]);
    expect(offeredLanguages([...SERVER].reverse(), ["zh", "en"])).toEqual(["en", "zh"]);
    expect(offeredLanguages([...SERVER, { id: 2, code: "de", name: "Deutsch" }], ["zh", "en"])).toEqual(["zh", "en"]);
    expect(offeredLanguages([{ id: 1, code: "en", name: "English" }], ["zh", "en"])).toEqual(["en"]);
  });

  it("offers every language the web has until the list is known", () => {
    expect(offeredLanguages(null, ["zh", "en"])).toEqual(["zh", "en"]);
    expect(offeredLanguages([], ["zh", "en"])).toEqual(["zh", "en"]);
    expect(offeredLanguages([{ id: 2, code: "de", name: "Deutsch" }], ["zh", "en"])).toEqual(["zh", "en"]);
  });
});
