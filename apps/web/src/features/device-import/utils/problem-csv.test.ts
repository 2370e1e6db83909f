import type { TCheckedImportRow } from "@vrf/contract/device-import/rows.ts";
import { describe, expect, it } from "vitest";
import { problemCsv } from "./problem-csv.ts";

const base = {
  kind: "Hi-Mit",
  deviceCode: "HI01",
  serialNumber: "",
  projectCode: "P1",
  model: "",
  firmware: "",
  alias: 'Lobby, "east"',
  installDate: "",
  checkerType: "",
  projectName: null,
};
const rows: TCheckedImportRow[] = [
  { ...base, row: 2, status: "ok", reasons: [] },
  { ...base, row: 3, status: "error", reasons: [{ code: "required", column: "serialNumber" }] },
  { ...base, row: 4, alias: "=HYPERLINK(1)", status: "error", reasons: [{ code: "unknownProject" }] },
  { ...base, row: 5, status: "registered", reasons: [{ code: "serialRegistered" }] },
];

describe("problem rows as CSV", () => {
  it("holds the template's columns, the row and the reasons of the rows with errors only", () => {
    const csv = problemCsv(rows, { row: "Row", reasons: "Reasons", column: (c) => c }, (r) =>
      r.reasons.map((x) => x.code),
    ).split("\r\n");
    expect(csv[0]).toBe(
      "kind,deviceCode,serialNumber,projectCode,model,firmware,alias,installDate,checkerType,Row,Reasons",
    );
    expect(csv).toHaveLength(3);
    expect(csv[1]).toBe('Hi-Mit,HI01,,P1,,,"Lobby, ""east""",,,3,required');
  });

  it("keeps a cell from running as a formula when opened", () => {
    const csv = problemCsv(rows, { row: "Row", reasons: "Reasons", column: (c) => c }, () => []);
    expect(csv).toContain(",'=HYPERLINK(1),");
  });
});
