import { Errors } from "@vrf/contract/errors.ts";
import { describe, expect, it } from "vitest";
import { oneAtATime, sessionReactionOf } from "./session-reaction.ts";

const none = { forgetToken: false, confirmLogout: false, toLogin: false };

describe("session reactions (SPEC section 8)", () => {
  it("opens the Confirm logout box for codes 50008, 50012 and 50014", () => {
    for (const code of [50008, 50012, 50014]) {
      expect(sessionReactionOf(123, code), String(code)).toEqual({ ...none, confirmLogout: true });
    }
  });

  it("opens the box, and does not leave the page, for the server's illegal token (611702 with 50008)", () => {
    const { errorCode, code } = Errors.illegalToken;
    expect(sessionReactionOf(errorCode, code ?? 0)).toEqual({ ...none, confirmLogout: true });
  });

  it("opens the box for an expired session (611701/50014) and one ended elsewhere (700001/50012)", () => {
    expect(sessionReactionOf(Errors.tokenExpired.errorCode, 50014).confirmLogout).toBe(true);
    expect(sessionReactionOf(Errors.sessionEnded.errorCode, 50012).confirmLogout).toBe(true);
  });

  it("sends a 611702 that comes without a box code straight to /login", () => {
    expect(sessionReactionOf(611702, 401)).toEqual({ ...none, toLogin: true });
  });

  it("removes the stored token for 100026 and does nothing else", () => {
    expect(sessionReactionOf(100026, 401)).toEqual({ ...none, forgetToken: true });
  });

  it("leaves every other code to the caller", () => {
    for (const definition of Object.values(Errors)) {
      if ([100026, 611701, 611702, 700001].includes(definition.errorCode)) continue;
      expect(sessionReactionOf(definition.errorCode, definition.code ?? definition.http), definition.key).toEqual(none);
    }
  });
});

describe("one box at a time", () => {
  it("opens again only after the open box was closed", () => {
    const closers: (() => void)[] = [];
    const open = oneAtATime((closed) => closers.push(closed));
    expect(open()).toBe(true);
    expect(open()).toBe(false);
    expect(closers).toHaveLength(1);
    closers[0]?.();
    expect(open()).toBe(true);
    expect(closers).toHaveLength(2);
  });
});
