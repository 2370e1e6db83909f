import { readFileSync } from "node:fs";
import { Errors } from "@vrf/contract/errors.ts";
import { describe, expect, it } from "vitest";
import { ApiError, messageKeyOf } from "./api-error.ts";

const errorsFile = (language: string): Record<string, string> =>
  JSON.parse(readFileSync(new URL(`../locales/${language}/errors.json`, import.meta.url), "utf8"));

describe("ApiError", () => {
  it("names the errors locale key of a catalogue code", () => {
    expect(messageKeyOf(Errors.wrongPassword.errorCode)).toBe("errors:wrongPassword");
    const error = new ApiError({ errorCode: 600905, code: 600905, httpStatus: 401, msg: "wrong password" });
    expect(error).toMatchObject({ errorCode: 600905, httpStatus: 401, messageKey: "errors:wrongPassword" });
  });

  it("falls back to errors:unknown for codes outside the catalogue", () => {
    expect(messageKeyOf(123456)).toBe("errors:unknown");
  });

  it("uses the transport failure as key when there was no envelope", () => {
    const error = new ApiError({ errorCode: -1, code: 0, httpStatus: 0, msg: "timeout", transport: "timeout" });
    expect(error.messageKey).toBe("errors:timeout");
    expect(error.isTransport).toBe(true);
  });

  it("has a text in both languages for every catalogue code and transport failure", () => {
    const keys = [
      ...Object.values(Errors).map((e) => e.key),
      "network",
      "timeout",
      "http",
      "aborted",
      "unknown",
      "unknownCode",
    ];
    for (const language of ["zh", "en"]) {
      const texts = errorsFile(language);
      for (const key of keys) expect(texts[key], `${language}:${key}`).toBeTruthy();
    }
  });
});
