import { passwordProblem } from "@vrf/contract/rules.ts";
import { describe, expect, it } from "vitest";
import { passwordHints } from "./password-hints.ts";

const met = (value: string) => Object.fromEntries(passwordHints(value).map((h) => [h.key, h.met]));

describe("passwordHints", () => {
  it("flags a short password only on length", () => {
    expect(met("abc")).toEqual({ length: false, noChinese: true, noSpaces: true });
  });

  it("flags more than 20 characters", () => {
    expect(met("a".repeat(21)).length).toBe(false);
    expect(met("a".repeat(20)).length).toBe(true);
  });

  it("flags Chinese characters and spaces separately", () => {
    expect(met("secret密码1")).toEqual({ length: true, noChinese: false, noSpaces: true });
    expect(met("secret pass")).toEqual({ length: true, noChinese: true, noSpaces: false });
    expect(met("secret\tpass")).toMatchObject({ noSpaces: false });
  });

  it("passes symbols, digits and accented letters", () => {
    expect(met("Pässw0rd!#")).toEqual({ length: true, noChinese: true, noSpaces: true });
  });

  it("agrees with the contract's passwordProblem on every sample", () => {
    const samples = [
      "",
      "abc",
      "abcdef",
      "abc def",
      "密码密码密码",
      "Abc123!@",
      "a".repeat(25),
      "ok密码ok",
      "x\ny12345",
    ];
    for (const sample of samples) {
      const allMet = passwordHints(sample).every((h) => h.met);
      expect(allMet, sample).toBe(passwordProblem(sample) === null);
    }
  });
});
