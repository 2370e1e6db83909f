import { describe, expect, it } from "vitest";
import { csvCell } from "./csv.ts";
import { credentialsCsv } from "./device-credentials.ts";

describe("device credentials file", () => {
  it("has a header and one row per device, in the order given", () => {
    const text = credentialsCsv(
      [
        { username: "HI2026100001", password: "s3cret-A_b", issuedAt: "2026-11-23T10:00:00.000Z" },
        { username: "HC.2026.7", password: "x,y", issuedAt: "2026-11-23T10:00:00.000Z" },
      ],
      { username: "Username", password: "Password", issuedAt: "Issued" },
    );
    expect(text.split("\r\n")).toEqual([
      "Username,Password,Issued",
      "HI2026100001,s3cret-A_b,2026-11-23T10:00:00.000Z",
      'HC.2026.7,"x,y",2026-11-23T10:00:00.000Z',
    ]);
  });

  it("never lets a cell run as a spreadsheet formula", () => {
    expect(csvCell("=1+1")).toBe("'=1+1");
    expect(csvCell("-5")).toBe("-5");
  });
});
