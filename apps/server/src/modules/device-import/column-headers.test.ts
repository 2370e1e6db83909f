import { describe, expect, it } from "vitest";
import { headerScore, mapHeader, normaliseHeader } from "./column-headers.ts";

describe("header row", () => {
  it("ignores case, spacing, punctuation and required markers", () => {
    expect(normaliseHeader(" Device ID * ")).toBe("deviceid");
    expect(normaliseHeader("序列号（必填）")).toBe("序列号");
  });

  it("maps English, Chinese and mixed headers in any order", () => {
    const mapping = mapHeader(["Notes", "序列号", "Device kind *", "项目ID", "device id", "Install date"]);
    expect(mapping.positions).toEqual({ serialNumber: 1, kind: 2, projectCode: 3, deviceCode: 4, installDate: 5 });
    expect(mapping.missing).toEqual([]);
  });

  it("lists the required columns that are missing", () => {
    expect(mapHeader(["Device kind", "Model"]).missing).toEqual(["deviceCode", "serialNumber", "projectCode"]);
  });

  it("scores a row by the template columns it names", () => {
    expect(headerScore(["Hi-Mit", "HI0001", "SN0001"])).toBe(0);
    expect(headerScore(["Device kind", "Device ID", "Device ID"])).toBe(2);
  });
});
