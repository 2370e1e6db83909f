import { describe, expect, it } from "vitest";
import { Errors, errorByCode, errorByKey } from "./errors.ts";

/** Every code of SPEC section 8: the two named in its reactions and its table of server codes. */
const SPEC_CODES = [
  100014, 100026, 600500, 600401, 600402, 600701, 600702, 600703, 600704, 600904, 600705, 600905, 600706, 600707,
  600708, 600709, 600710, 600713, 600714, 600715, 600723, 600716, 600717, 600719, 600720, 600721, 600722, 600901,
  600902, 600903, 600907, 600906, 600908, 600909, 600910, 600911, 600912, 600913, 600914, 600915, 600916, 600917,
  600918, 600919, 600920, 600921, 600922, 600923, 600924, 600925, 600926, 600927, 600928, 611701, 611702, 611703,
  611704, 611705, 611706, 611707,
];

/** SPEC's pairs of codes with one meaning share one text. */
const SAME_MEANING = [
  [600704, 600904],
  [600705, 600905],
  [600715, 600723],
  [600903, 600907],
  [600914, 600915],
];

describe("the error catalogue", () => {
  it("has every server code of SPEC section 8", () => {
    const missing = SPEC_CODES.filter((code) => !errorByCode(code));
    expect(missing).toEqual([]);
  });

  it("gives each code one entry", () => {
    const codes = Object.values(Errors).map((e) => e.errorCode);
    expect(new Set(codes).size).toBe(codes.length);
  });

  it("shows the same text for SPEC's two codes of one meaning", () => {
    for (const [a, b] of SAME_MEANING)
      expect(errorByCode(a as number)?.key, `${a}/${b}`).toBe(errorByCode(b as number)?.key);
  });

  it("answers a text key with the first code that has it, so validation keeps its codes", () => {
    expect(errorByKey("emailFormat")?.errorCode).toBe(600715);
    expect(errorByKey("invalidAccount")?.errorCode).toBe(600904);
    expect(errorByKey("wrongPassword")?.errorCode).toBe(600905);
    expect(errorByKey("passwordLength")?.errorCode).toBe(600713);
  });

  it("keeps the session codes the web reacts to", () => {
    expect(Errors.illegalToken).toMatchObject({ errorCode: 611702, code: 50008, http: 401 });
    expect(Errors.tokenExpired).toMatchObject({ errorCode: 611701, code: 50014, http: 401 });
    expect(Errors.sessionEnded).toMatchObject({ errorCode: 700001, code: 50012, http: 401 });
    expect(Errors.accountTokenInvalid).toMatchObject({ errorCode: 100026, http: 401 });
  });

  it("answers a server failure with a 5xx class", () => {
    for (const e of [Errors.internal, Errors.internalQueryError, Errors.registerFailed, Errors.loginFailed]) {
      expect(e.http, e.key).toBeGreaterThanOrEqual(500);
    }
  });
});
