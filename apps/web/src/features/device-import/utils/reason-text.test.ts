import { describe, expect, it } from "vitest";
import { reasonText } from "./reason-text.ts";

const texts: Record<string, string> = {
  "reasons.required": "{{column}} is required.",
  "reasons.duplicateSerialInFile": "Serial number repeats row {{firstRow}}.",
  "columns.serialNumber": "Serial number",
};
const t = (key: string, values: Record<string, string | number> = {}) =>
  (texts[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name]));

describe("reason texts", () => {
  it("names the column in the reader's words", () => {
    expect(reasonText(t, { code: "required", column: "serialNumber" })).toBe("Serial number is required.");
  });

  it("points at the row a value repeats", () => {
    expect(reasonText(t, { code: "duplicateSerialInFile", column: "serialNumber", firstRow: 7 })).toBe(
      "Serial number repeats row 7.",
    );
  });
});
