import { describe, expect, it } from "vitest";
import { isInstallDate, isValidDeviceCode, isValidSerialNumber, ZCheckerInput } from "./checkers.ts";
import { ZControllerListRequest } from "./controllers.ts";

describe("checker input rules", () => {
  it("accepts identifiers of letters, digits and - _ . only", () => {
    expect(isValidDeviceCode("HC-8C1F640A2B01")).toBe(true);
    expect(isValidDeviceCode("HC 01")).toBe(false);
    expect(isValidDeviceCode("HC#01")).toBe(false);
    expect(isValidSerialNumber("HC2026100123")).toBe(true);
    expect(isValidSerialNumber("序列号1")).toBe(false);
    expect(isValidSerialNumber("x".repeat(65))).toBe(false);
  });

  it("accepts only real calendar days as install dates", () => {
    expect(isInstallDate("2026-02-28")).toBe(true);
    expect(isInstallDate("2028-02-29")).toBe(true);
    expect(isInstallDate("2026-02-30")).toBe(false);
    expect(isInstallDate("0000-01-01")).toBe(false);
    expect(isInstallDate("2026-2-3")).toBe(false);
  });

  it("trims, lower-cases bound e-mails and refuses the same one twice", () => {
    const base = { deviceCode: " HC-1 ", serialNumber: "S1", checkerType: "temporary", projectId: 3, systemNumber: 0 };
    const parsed = ZCheckerInput.parse({ ...base, boundEmails: [" A@Example.com "] });
    expect(parsed).toMatchObject({ deviceCode: "HC-1", alias: "", installDate: null, boundEmails: ["a@example.com"] });
    expect(ZCheckerInput.safeParse({ ...base, boundEmails: ["a@example.com", "A@example.com"] }).success).toBe(false);
    expect(ZCheckerInput.safeParse({ ...base, systemNumber: 64 }).success).toBe(false);
  });
});

describe("device list requests", () => {
  it("treats cleared filters as absent and refuses ids and pages the database cannot hold", () => {
    expect(ZControllerListRequest.parse({ kind: "himit", projectId: "", status: "", keyword: "  " })).toEqual({
      kind: "himit",
      pageNum: 1,
      pageSize: 20,
    });
    expect(ZControllerListRequest.safeParse({ kind: "himit", projectId: "1e20" }).success).toBe(false);
    expect(ZControllerListRequest.safeParse({ kind: "himit", pageNum: 10_000_000 }).success).toBe(false);
  });
});
