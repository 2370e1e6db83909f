import type { TImportRow } from "@vrf/contract/device-import/rows.ts";
import { describe, expect, it } from "vitest";
import { checkFields, checkRows, deviceIdKey, parseCheckerType, parseInstallDate, parseKind } from "./row-checks.ts";

const TODAY = "2026-03-01";
const row = (values: Partial<TImportRow> = {}): TImportRow => ({
  row: 2,
  kind: "Hi-Mit",
  deviceCode: "HI0001",
  serialNumber: "SN0001",
  projectCode: "P1",
  model: "",
  firmware: "",
  alias: "",
  installDate: "",
  checkerType: "",
  ...values,
});
const lookups = (over: Partial<Parameters<typeof checkRows>[1]> = {}) => ({
  registeredSerials: new Set<string>(),
  registeredDeviceIds: new Set<string>(),
  projects: new Map([["P1", { id: 1, name: "Harbour Hotel" }]]),
  ...over,
});

describe("parsing what people type", () => {
  it("recognises device kinds however they are written", () => {
    expect(
      ["Hi-Mit", "HI MIT", "himit", "Hi-Dom", "SmartTouch", "smart touch", "Hi-Checker", "checker"].map(parseKind),
    ).toEqual(["himit", "himit", "himit", "hidom", "smarttouch", "smarttouch", "checker", "checker"]);
    expect(parseKind("Hi-Fi")).toBeUndefined();
  });

  it("recognises checker types in English and Chinese", () => {
    expect(["Temporary", "临时", "Stationary", "固定"].map(parseCheckerType)).toEqual([
      "temporary",
      "temporary",
      "stationary",
      "stationary",
    ]);
    expect(parseCheckerType("mobile")).toBeUndefined();
  });

  it("accepts year-first dates only, and real ones", () => {
    expect(parseInstallDate("2026-3-1")).toBe("2026-03-01");
    expect(parseInstallDate("2026/03/01")).toBe("2026-03-01");
    expect(parseInstallDate("2026.03.01 00:00:00")).toBe("2026-03-01");
    expect(parseInstallDate("2024-02-29")).toBe("2024-02-29");
    expect(parseInstallDate("2026-02-29")).toBeUndefined();
    expect(parseInstallDate("01/03/2026")).toBeUndefined();
    expect(parseInstallDate("yesterday")).toBeUndefined();
  });
});

describe("checking one row", () => {
  it("normalises a good row", () => {
    const { row: checked, reasons } = checkFields(
      row({ kind: "Hi-Checker", checkerType: "固定", installDate: "2026/2/1" }),
      TODAY,
    );
    expect(reasons).toEqual([]);
    expect(checked).toMatchObject({ kind: "checker", checkerType: "stationary", installDate: "2026-02-01" });
  });

  it("names the column of every problem", () => {
    const { reasons } = checkFields(
      row({ serialNumber: "", deviceCode: "HI 01", alias: "<b>", firmware: "x".repeat(40), installDate: "2026-03-02" }),
      TODAY,
    );
    expect(reasons).toEqual([
      { code: "badFormat", column: "deviceCode" },
      { code: "required", column: "serialNumber" },
      { code: "tooLong", column: "firmware" },
      { code: "badFormat", column: "alias" },
      { code: "futureDate", column: "installDate" },
    ]);
  });

  it("wants a checker type for a Hi-Checker and none for other kinds", () => {
    expect(checkFields(row({ kind: "checker" }), TODAY).reasons).toEqual([
      { code: "checkerTypeRequired", column: "checkerType" },
    ]);
    expect(checkFields(row({ kind: "checker", checkerType: "mobile" }), TODAY).reasons).toEqual([
      { code: "unknownCheckerType", column: "checkerType" },
    ]);
    expect(checkFields(row({ checkerType: "Temporary" }), TODAY).reasons).toEqual([
      { code: "checkerTypeNotApplicable", column: "checkerType" },
    ]);
  });

  it("refuses control characters in any column, a line break in an alias included", () => {
    expect(checkFields(row({ kind: "Hi\u0000Mit", alias: "Floor 1\nRoom 2", model: "A\tB" }), TODAY).reasons).toEqual([
      { code: "badFormat", column: "kind" },
      { code: "badFormat", column: "model" },
      { code: "badFormat", column: "alias" },
    ]);
  });
});

describe("checking the rows of a file", () => {
  it("points a repeat at the first row, and skips registered serial numbers", () => {
    const rows = [
      row({ row: 2 }),
      row({ row: 3, deviceCode: "HI0002" }),
      row({ row: 4, serialNumber: "SN0004" }),
      row({ row: 5, serialNumber: "SN0005", deviceCode: "HI0005" }),
      row({ row: 6, serialNumber: "SN0006", deviceCode: "HI0006", projectCode: "P9" }),
    ];
    const checked = checkRows(
      rows,
      lookups({
        registeredSerials: new Set(["sn0005"]),
      }),
      TODAY,
    );
    expect(checked.map((r) => [r.row, r.status, r.reasons.map((x) => `${x.code}${x.firstRow ?? ""}`)])).toEqual([
      [2, "ok", []],
      [3, "error", ["duplicateSerialInFile2"]],
      [4, "error", ["duplicateDeviceIdInFile2"]],
      [5, "registered", ["serialRegistered"]],
      [6, "error", ["unknownProject"]],
    ]);
    expect(checked[0]?.projectName).toBe("Harbour Hotel");
  });

  it("refuses a device ID registered for the same kind only", () => {
    const found = lookups({ registeredDeviceIds: new Set([deviceIdKey("hidom", "HI0001")]) });
    expect(checkRows([row()], found, TODAY)[0]?.status).toBe("ok");
    expect(checkRows([row({ kind: "Hi-Dom" })], found, TODAY)[0]?.reasons).toEqual([
      { code: "deviceIdRegistered", column: "deviceCode" },
    ]);
  });
});
