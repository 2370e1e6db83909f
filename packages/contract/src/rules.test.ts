import { describe, expect, it } from "vitest";
import {
  hasSpecial,
  hasSpecialOrChinese,
  hasSpecialOrWhitespace,
  inRange,
  isEmail,
  isExternalLink,
  isPersonName,
  isPhone,
  passwordProblem,
  RANGES,
  ZPassword,
  ZPersonName,
} from "./rules.ts";

describe("password rule", () => {
  it("wants 6 to 20 characters without Chinese characters or spaces", () => {
    expect(passwordProblem("abc12")).toBe("length");
    expect(passwordProblem("a".repeat(21))).toBe("length");
    expect(passwordProblem("abc123")).toBeNull();
    expect(passwordProblem("a".repeat(20))).toBeNull();
    expect(passwordProblem("密码abc123")).toBe("format");
    expect(passwordProblem("abc 123")).toBe("format");
  });

  it("names the catalogue key in the zod message", () => {
    expect(ZPassword.safeParse("abc").error?.issues[0]?.message).toBe("passwordLength");
    expect(ZPassword.safeParse("密码密码密码").error?.issues[0]?.message).toBe("passwordFormat");
  });
});

describe("contact rules", () => {
  it("accepts ordinary e-mail addresses and refuses broken ones", () => {
    expect(isEmail("li.wei+vrf@example.co.uk")).toBe(true);
    for (const bad of ["", "plain", "a@b", "a@@b.com", "a b@c.com", "@example.com"]) expect(isEmail(bad)).toBe(false);
  });

  it("accepts international phone numbers of 6 to 15 digits", () => {
    expect(isPhone("+86 138 0000 1111")).toBe(true);
    expect(isPhone("030-1234567")).toBe(true);
    expect(isPhone("12345")).toBe(false);
    expect(isPhone("+1 (555) 0100")).toBe(false);
    expect(isPhone("1234567890123456")).toBe(false);
  });
});

describe("special-character checks", () => {
  it("tell identifiers, names and serial numbers apart", () => {
    expect(hasSpecialOrWhitespace("HC-8C1F64")).toBe(false);
    expect(hasSpecialOrWhitespace("HC 8C1F64")).toBe(true);
    expect(hasSpecial("Li Wei")).toBe(false);
    expect(hasSpecial("Li<Wei>")).toBe(true);
    expect(hasSpecialOrChinese("SN2024")).toBe(false);
    expect(hasSpecialOrChinese("SN中文")).toBe(true);
  });
});

describe("person names", () => {
  const name = ZPersonName(50);
  const problem = (value: string) => name.safeParse(value).error?.issues[0]?.message ?? null;

  it("accept letters of any script, spaces, apostrophes, hyphens, dots and parentheses", () => {
    for (const ok of [
      "Seán O'Brien",
      "Li Si (edited)",
      "张三",
      "José-María d'Ávila",
      "Renée O’Connor",
      "J. R. R. Tolkien",
      "约翰·史密斯",
      "Ἀριστοτέλης",
      "محمد علي",
      "देवनागरी",
      "Jose\u0301 Nun\u0303ez",
      "Li Wei 2",
    ]) {
      expect(isPersonName(ok), ok).toBe(true);
      expect(name.parse(ok)).toBe(ok);
    }
  });

  it("refuse control characters, markup, other punctuation and over-long input", () => {
    expect(problem("Seán\u0000O'Brien")).toBe("controlCharacters");
    expect(problem("Li\tWei")).toBe("controlCharacters");
    expect(problem("<script>alert(1)</script>")).toBe("nameCharacters");
    expect(problem('Ann "the boss"')).toBe("nameCharacters");
    expect(problem("a/b")).toBe("nameCharacters");
    expect(problem("Ann; DROP TABLE")).toBe("nameCharacters");
    expect(problem("x".repeat(51))).toBe("tooLong");
    expect(problem("x".repeat(50))).toBeNull();
  });

  it("are trimmed before they are checked", () => {
    expect(name.parse("  Seán O'Brien  ")).toBe("Seán O'Brien");
  });
});

describe("ranges", () => {
  it("hold the bus addresses and hours of the SPEC", () => {
    expect(inRange(63, RANGES.systemNumber)).toBe(true);
    expect(inRange(64, RANGES.systemNumber)).toBe(false);
    expect(inRange(7, RANGES.outdoorAddress)).toBe(true);
    expect(inRange(8, RANGES.outdoorAddress)).toBe(false);
    expect(inRange(23, RANGES.notificationHour)).toBe(true);
    expect(inRange(1.5, RANGES.notificationHour)).toBe(false);
    expect(inRange(59, RANGES.captureIntervalSeconds)).toBe(false);
    expect(inRange(86401, RANGES.collectionIntervalSeconds)).toBe(false);
  });
});

it("treats http(s), mailto and tel links as external", () => {
  expect(isExternalLink("https://example.com")).toBe(true);
  expect(isExternalLink("mailto:a@b.co")).toBe(true);
  expect(isExternalLink("tel:123")).toBe(true);
  expect(isExternalLink("/dashboard")).toBe(false);
});
