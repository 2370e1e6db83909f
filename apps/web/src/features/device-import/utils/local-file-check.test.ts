import { describe, expect, it } from "vitest";
import { localFileProblem } from "./local-file-check.ts";

describe("file picked for import", () => {
  it("accepts .xlsx and .csv files of up to 10 MB", () => {
    expect(localFileProblem({ name: "Devices.XLSX", size: 2048 })).toBeNull();
    expect(localFileProblem({ name: "devices.csv", size: 10 * 1024 * 1024 })).toBeNull();
  });

  it("names what is wrong before anything is uploaded", () => {
    expect(localFileProblem({ name: "devices.xls", size: 2048 })).toBe("wrongType");
    expect(localFileProblem({ name: "devices.csv.pdf", size: 2048 })).toBe("wrongType");
    expect(localFileProblem({ name: "devices.csv", size: 0 })).toBe("emptyLocal");
    expect(localFileProblem({ name: "devices.xlsx", size: 10 * 1024 * 1024 + 1 })).toBe("tooLarge");
  });
});
