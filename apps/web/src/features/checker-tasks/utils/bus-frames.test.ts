import { FRAME_PATTERN_MAX_BYTES } from "@vrf/contract/hi-checker/task-data.ts";
import { describe, expect, it } from "vitest";
import {
  BUS_COMMAND_CODES,
  busAddressOf,
  byteRuns,
  commandNameOf,
  formatFrameTime,
  frameBytes,
  groupedHex,
  hexByte,
  matchedBytes,
  normalisePattern,
  parseBusAddress,
  partyOf,
  patternProblem,
} from "./bus-frames.ts";

describe("a frame's bytes", () => {
  it("are upper-case pairs, spaced", () => {
    expect(frameBytes("aa0120100a")).toEqual(["AA", "01", "20", "10", "0A"]);
    expect(groupedHex("aa0120100a")).toBe("AA 01 20 10 0A");
    expect(groupedHex("")).toBe("");
  });

  it("write a byte as 0x and two digits", () => {
    expect(hexByte(0x25)).toBe("0x25");
    expect(hexByte(0x7f)).toBe("0x7F");
    expect(hexByte(3)).toBe("0x03");
  });
});

describe("the byte search", () => {
  it("is sent as the server takes it: no spaces, lower case", () => {
    expect(normalisePattern(" AA 01\t20 ")).toBe("aa0120");
    expect(normalisePattern("")).toBe("");
  });

  it("takes whole hex bytes, up to the contract's maximum", () => {
    expect(patternProblem("")).toBeNull();
    expect(patternProblem("aa0120")).toBeNull();
    expect(patternProblem("AA 01 20")).toBeNull();
    expect(patternProblem("aa0")).toBe("hexPattern");
    expect(patternProblem("zz")).toBe("hexPattern");
    expect(patternProblem("0xaa")).toBe("hexPattern");
    expect(patternProblem("ab".repeat(FRAME_PATTERN_MAX_BYTES))).toBeNull();
    expect(patternProblem("ab".repeat(FRAME_PATTERN_MAX_BYTES + 1))).toBe("hexPattern");
  });

  it("marks every occurrence, on byte boundaries, overlapping ones too", () => {
    expect(matchedBytes("aa0120aa01", "aa01")).toEqual([true, true, false, true, true]);
    // "a0 12" across the boundary of "aa 01 20" is no match.
    expect(matchedBytes("aa0120", "a012")).toEqual([false, false, false]);
    expect(matchedBytes("010101", "0101")).toEqual([true, true, true]);
    expect(matchedBytes("aa01", "")).toEqual([false, false]);
    expect(matchedBytes("aa", "aa01")).toEqual([false]);
  });

  it("splits a frame into runs in and out of matches", () => {
    expect(byteRuns("aa012010", "0120")).toEqual([
      { text: "AA", match: false },
      { text: "01 20", match: true },
      { text: "10", match: false },
    ]);
    expect(byteRuns("aa0120", "")).toEqual([{ text: "AA 01 20", match: false }]);
    expect(byteRuns("", "aa")).toEqual([]);
  });
});

describe("the parties of a frame", () => {
  it("are named by role, unit and address", () => {
    expect(partyOf(0x00)).toEqual({ key: "outdoor", unit: 0, hex: "0x00" });
    expect(partyOf(0x07)).toEqual({ key: "outdoor", unit: 7, hex: "0x07" });
    expect(partyOf(0x25)).toEqual({ key: "indoor", unit: 5, hex: "0x25" });
    expect(partyOf(0x5f)).toEqual({ key: "indoor", unit: 63, hex: "0x5F" });
    expect(partyOf(0x70)).toEqual({ key: "controller", unit: null, hex: "0x70" });
    expect(partyOf(0x12)).toEqual({ key: "unassigned", unit: null, hex: "0x12" });
  });

  it("put a unit at its bus address", () => {
    expect(busAddressOf("outdoor", 3)).toBe(0x03);
    expect(busAddressOf("indoor", 5)).toBe(0x25);
    expect(partyOf(busAddressOf("indoor", 63))).toMatchObject({ key: "indoor", unit: 63 });
  });

  it("can be typed in hex", () => {
    expect(parseBusAddress("25")).toBe(0x25);
    expect(parseBusAddress("0x7F")).toBe(0x7f);
    expect(parseBusAddress(" 7 ")).toBe(7);
    expect(parseBusAddress("")).toBeNull();
    expect(parseBusAddress("100")).toBeNull();
    expect(parseBusAddress("0xg1")).toBeNull();
  });
});

describe("commands", () => {
  it("are named by the contract, others unknown", () => {
    expect(commandNameOf(0x11)).toBe("indoorStatusReply");
    expect(commandNameOf(0x40)).toBe("faultReport");
    expect(commandNameOf(0x99)).toBe("unknown");
    expect(BUS_COMMAND_CODES[0]).toBe(1);
    expect([...BUS_COMMAND_CODES]).toEqual([...BUS_COMMAND_CODES].sort((a, b) => a - b));
  });
});

describe("formatFrameTime", () => {
  it("is the local date and time with milliseconds", () => {
    const at = new Date(2026, 2, 1, 8, 5, 9, 7);
    expect(formatFrameTime(at.toISOString())).toBe("2026-03-01 08:05:09.007");
    expect(formatFrameTime(new Date(2026, 2, 1, 23, 59, 59, 999).toISOString())).toBe("2026-03-01 23:59:59.999");
  });

  it("is empty for what is not a time", () => {
    expect(formatFrameTime("soon")).toBe("");
  });
});
