import { describe, expect, it } from "vitest";
import {
  detailPath,
  idFromQuery,
  projectNamed,
  statusColour,
  storageAmount,
  storagePercent,
} from "./device-display.ts";

describe("device display helpers", () => {
  it("computes the used share of storage, bounded 0-100", () => {
    expect(storagePercent(50, 200)).toBe(25);
    expect(storagePercent(199, 200)).toBe(99);
    expect(storagePercent(300, 200)).toBe(100);
    expect(storagePercent(null, 200)).toBe(0);
    expect(storagePercent(10, null)).toBe(0);
  });
  it("shows storage in MB below 1 GB and in GB above", () => {
    expect(storageAmount(200)).toEqual({ value: "200", unit: "mb" });
    expect(storageAmount(4096)).toEqual({ value: "4", unit: "gb" });
    expect(storageAmount(1536)).toEqual({ value: "1.5", unit: "gb" });
    expect(storageAmount(0)).toEqual({ value: "0", unit: "mb" });
    expect(storageAmount(0.5)).toEqual({ value: "512", unit: "kb" });
    expect(storageAmount(3 * 1024 * 1024)).toEqual({ value: "3", unit: "tb" });
  });
  it("links each kind to its own detail page", () => {
    expect(detailPath("himit", 3)).toBe("/equipmentCenter/HiMitDeviceDetails?id=3");
    expect(detailPath("checker", 9)).toBe("/equipmentCenter/CheckerDetail?id=9");
  });
  it("reads only positive whole ids from the address", () => {
    expect(idFromQuery("12")).toBe(12);
    expect(idFromQuery("0")).toBeNull();
    expect(idFromQuery("1e3")).toBeNull();
    expect(idFromQuery(null)).toBeNull();
  });
  it("colours unknown states neutrally", () => {
    expect(statusColour("online")).toBe("success");
    expect(statusColour("alarm")).toBe("error");
    expect(statusColour("weird")).toBe("default");
  });
});

describe("the project a filtered list is about", () => {
  const rows = [{ project: null }, { project: { id: 4, code: "P4", name: "Tower" } }];
  it("is taken from the rows when they carry it", () => {
    expect(projectNamed(rows, "4")).toEqual({ id: 4, code: "P4", name: "Tower" });
  });
  it("is unknown without a filter or a matching row", () => {
    expect(projectNamed(rows, undefined)).toBeNull();
    expect(projectNamed(rows, "5")).toBeNull();
    expect(projectNamed(undefined, "4")).toBeNull();
  });
});
