import { describe, expect, it } from "vitest";
import { languageAfterSignIn, languageCookieOf } from "./language-choice.ts";

describe("languageAfterSignIn", () => {
  it("takes the account's language in a browser without a choice of its own", () => {
    expect(languageAfterSignIn({ stored: null, cookie: null, accountLanguageId: 1 })).toBe("en");
    expect(languageAfterSignIn({ stored: null, cookie: null, accountLanguageId: 0 })).toBe("zh");
  });

  it("keeps a choice made in this browser (local storage or cookie)", () => {
    expect(languageAfterSignIn({ stored: "zh", cookie: null, accountLanguageId: 1 })).toBeNull();
    expect(languageAfterSignIn({ stored: null, cookie: "en", accountLanguageId: 0 })).toBeNull();
  });

  it("changes nothing when the account's language could not be read", () => {
    expect(languageAfterSignIn({ stored: null, cookie: null, accountLanguageId: null })).toBeNull();
  });
});

describe("languageCookieOf", () => {
  it("finds the language cookie among others", () => {
    expect(languageCookieOf("size=small; language=zh")).toBe("zh");
    expect(languageCookieOf("language=en")).toBe("en");
    expect(languageCookieOf("size=small; xlanguage=zh")).toBeNull();
    expect(languageCookieOf("")).toBeNull();
  });
});
