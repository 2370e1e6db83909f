import { describe, expect, it } from "vitest";
import { eventKindOf, parseStatusParam, rowActionsFor } from "./link-status.ts";

describe("rowActionsFor", () => {
  it("offers each status only the transitions the server accepts", () => {
    expect(rowActionsFor(0)).toEqual(["submit", "editNote", "history", "delete"]);
    expect(rowActionsFor(1)).toEqual(["history"]);
    expect(rowActionsFor(2)).toEqual(["release", "history"]);
    expect(rowActionsFor(3)).toEqual(["inviteAgain", "history"]);
    expect(rowActionsFor(4)).toEqual(["inviteAgain", "history"]);
  });
});

describe("parseStatusParam", () => {
  it("accepts the five statuses and ignores anything else", () => {
    expect(parseStatusParam("0")).toBe(0);
    expect(parseStatusParam("4")).toBe(4);
    expect(parseStatusParam("5")).toBeUndefined();
    expect(parseStatusParam("1.0")).toBeUndefined();
    expect(parseStatusParam("")).toBeUndefined();
    expect(parseStatusParam(null)).toBeUndefined();
  });
});

describe("eventKindOf", () => {
  it("names each recorded transition", () => {
    expect(eventKindOf(null, 0)).toBe("added");
    expect(eventKindOf(0, 1)).toBe("submitted");
    expect(eventKindOf(1, 2)).toBe("accepted");
    expect(eventKindOf(1, 4)).toBe("returned");
    expect(eventKindOf(2, 3)).toBe("released");
    expect(eventKindOf(3, 0)).toBe("changed");
  });
});
