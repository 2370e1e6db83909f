import { describe, expect, it } from "vitest";
import { placeServerError } from "./server-error.ts";

const LOGIN_FIELDS = { 600904: "email", 600905: "password" } as const;

describe("placeServerError", () => {
  it("puts a wrong password under the password field", () => {
    expect(placeServerError({ errorCode: 600905, messageKey: "errors:wrongPassword" }, LOGIN_FIELDS)).toEqual({
      field: "password",
      messageKey: "errors:wrongPassword",
    });
  });

  it("puts an error no field owns under the form", () => {
    expect(placeServerError({ errorCode: 600925, messageKey: "errors:accountLocked" }, LOGIN_FIELDS)).toEqual({
      field: null,
      messageKey: "errors:accountLocked",
    });
  });

  it("has no key for errors that are not from the server", () => {
    expect(placeServerError(null, LOGIN_FIELDS)).toEqual({ field: null, messageKey: null });
  });
});
