import { describe, expect, it } from "vitest";
import { ZHandleRepairReportRequest } from "./handle.ts";
import { ZRepairReportIntakeRequest } from "./intake.ts";
import { canTransition, idOfReference, repairReference } from "./repair-report.ts";

describe("repair report rules", () => {
  it("allows pick-up, direct resolution, resolution and reopening; nothing else", () => {
    expect(canTransition(0, 1)).toBe(true);
    expect(canTransition(0, 2)).toBe(true);
    expect(canTransition(1, 2)).toBe(true);
    expect(canTransition(2, 1)).toBe(true);
    expect(canTransition(1, 0)).toBe(false);
    expect(canTransition(2, 0)).toBe(false);
    for (const s of [0, 1, 2] as const) expect(canTransition(s, s)).toBe(false);
  });

  it("writes and reads references", () => {
    expect(repairReference(42)).toBe("RR000042");
    expect(repairReference(1234567)).toBe("RR1234567");
    expect(idOfReference("RR000042")).toBe(42);
    expect(idOfReference(" rr-42 ")).toBe(42);
    expect(idOfReference("42")).toBe(42);
    expect(idOfReference("Anna")).toBeNull();
    expect(idOfReference("RR")).toBeNull();
  });

  it("needs a note or a status to handle a report, and caps notes at 2000 characters", () => {
    expect(ZHandleRepairReportRequest.safeParse({ id: 1, note: "  " }).success).toBe(false);
    expect(ZHandleRepairReportRequest.safeParse({ id: 1, status: 1 }).success).toBe(true);
    expect(ZHandleRepairReportRequest.safeParse({ id: 1, note: "x".repeat(2000) }).success).toBe(true);
    expect(ZHandleRepairReportRequest.safeParse({ id: 1, note: "x".repeat(2001) }).success).toBe(false);
  });

  it("requires a name, an e-mail, a clean serial number and content from the end user", () => {
    const valid = { userName: "Li", email: "li@example.com", serialNumber: "HI2025100001", content: "Leaking" };
    expect(ZRepairReportIntakeRequest.parse(valid)).toMatchObject({ phone: "", country: "" });
    expect(ZRepairReportIntakeRequest.safeParse({ ...valid, phone: "+86 138 0000 1111" }).success).toBe(true);
    expect(ZRepairReportIntakeRequest.safeParse({ ...valid, phone: "abc" }).success).toBe(false);
    expect(ZRepairReportIntakeRequest.safeParse({ ...valid, serialNumber: "HI 2025" }).success).toBe(true);
    expect(ZRepairReportIntakeRequest.safeParse({ ...valid, serialNumber: "HI<2025>" }).success).toBe(false);
    expect(ZRepairReportIntakeRequest.safeParse({ ...valid, content: "" }).success).toBe(false);
  });
});
