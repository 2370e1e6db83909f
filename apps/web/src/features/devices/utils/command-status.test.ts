import { describe, expect, it } from "vitest";
import { advanceStatus, isFinalStatus } from "./command-status.ts";

describe("advanceStatus", () => {
  it("moves a command forward: pending, sent, then its result", () => {
    expect(advanceStatus("pending", "sent")).toBe("sent");
    expect(advanceStatus("sent", "confirmed")).toBe("confirmed");
    expect(advanceStatus("pending", "failed")).toBe("failed");
    expect(advanceStatus("sent", "timed_out")).toBe("timed_out");
  });

  it("never moves back, and keeps the first result", () => {
    expect(advanceStatus("sent", "pending")).toBe("sent");
    expect(advanceStatus("confirmed", "sent")).toBe("confirmed");
    expect(advanceStatus("confirmed", "timed_out")).toBe("confirmed");
    expect(advanceStatus("failed", "confirmed")).toBe("failed");
  });

  it("ignores words it does not know", () => {
    expect(advanceStatus("sent", "lost")).toBe("sent");
  });
});

describe("isFinalStatus", () => {
  it("knows which states a command leaves no more", () => {
    expect(["pending", "sent", "confirmed", "failed", "timed_out"].map((s) => isFinalStatus(s as never))).toEqual([
      false,
      false,
      true,
      true,
      true,
    ]);
  });
});
