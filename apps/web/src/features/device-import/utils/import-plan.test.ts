import type { TCheckedImportRow } from "@vrf/contract/device-import/rows.ts";
import { describe, expect, it } from "vitest";
import { addChunk } from "./import-chunks.ts";
import { importPlan } from "./import-plan.ts";

const row = (n: number, status: TCheckedImportRow["status"], reasons: TCheckedImportRow["reasons"] = []) => ({
  row: n,
  kind: "himit",
  deviceCode: `HI${n}`,
  serialNumber: `SN${n}`,
  projectCode: "P20260001",
  model: "",
  firmware: "",
  alias: "",
  installDate: "",
  checkerType: "",
  status,
  reasons,
  projectName: "Tower",
});

describe("import plan", () => {
  const checked = [
    row(2, "ok"),
    row(3, "registered", [{ code: "serialRegistered", column: "serialNumber" }]),
    row(4, "error", [{ code: "duplicateSerialInFile", column: "serialNumber", firstRow: 2 }]),
    row(5, "ok"),
    row(6, "error", [{ code: "badFormat", column: "deviceCode" }]),
  ];

  it("sends only the good rows, without the check's fields", () => {
    const plan = importPlan(checked);
    expect(plan.rows.map((r) => r.row)).toEqual([2, 5]);
    expect(plan.rows[0]).not.toHaveProperty("status");
    expect(plan.rows[0]).not.toHaveProperty("projectName");
  });

  it("ends with the check's counts when nothing changed meanwhile: skipped = registered, failed = problems", () => {
    const plan = importPlan(checked);
    const totals = addChunk(plan.start, plan.rows.length, { imported: 2, skipped: 0, failed: [], credentials: [] });
    expect(totals).toMatchObject({ done: 2, imported: 2, skipped: 1 });
    expect(totals.failed).toEqual([
      { row: 4, reasons: [{ code: "duplicateSerialInFile", column: "serialNumber", firstRow: 2 }] },
      { row: 6, reasons: [{ code: "badFormat", column: "deviceCode" }] },
    ]);
  });
});
