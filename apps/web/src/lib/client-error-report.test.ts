import { CLIENT_ERROR_LIMITS, ZClientErrorReport } from "@vrf/contract/client-errors/report.ts";
import { describe, expect, it } from "vitest";
import { createReportGate, describeThrown, toClientErrorReport } from "./client-error-report.ts";

const context = { url: "http://vrf.test/#/agency", release: "1.2.3" };

describe("the report of a thrown value", () => {
  it("keeps an Error's name, message and stack, the page and the release", () => {
    const error = new TypeError("x is undefined");
    const report = toClientErrorReport("error", error, context);
    expect(report).toMatchObject({
      kind: "error",
      message: "TypeError: x is undefined",
      stack: expect.stringContaining("x is undefined"),
      url: "http://vrf.test/#/agency",
      release: "1.2.3",
    });
  });

  it("names the installation it came from when told", () => {
    const report = toClientErrorReport("error", new Error("x"), { ...context, environment: "test" });
    expect(report?.environment).toBe("test");
    expect(ZClientErrorReport.safeParse(report).success).toBe(true);
    expect(toClientErrorReport("error", new Error("x"), context)).not.toHaveProperty("environment");
  });

  it("describes whatever else was thrown", () => {
    expect(describeThrown("plain text")).toEqual({ message: "plain text", stack: undefined });
    expect(describeThrown({ code: 7 })).toEqual({ message: '{"code":7}', stack: undefined });
    const cyclic: Record<string, unknown> = {};
    cyclic.self = cyclic;
    expect(describeThrown(cyclic).message).toBe("[object Object]");
    expect(describeThrown(undefined).message).toBe("undefined");
    expect(toClientErrorReport("unhandledRejection", "", context)?.message).toBe("(no message)");
  });

  it("is always a report the server accepts: cut to the limits, control characters gone", () => {
    const huge = new Error(`bell\u0007${"m".repeat(5_000)}`);
    huge.stack = `Error\u0000\n${"    at f (x.js:1:1)\n".repeat(2_000)}`;
    const report = toClientErrorReport("boundary", huge, {
      url: `http://vrf.test/#/${"p".repeat(5_000)}\u0001`,
      release: "r".repeat(500),
    });
    expect(report?.message.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.message);
    expect(report?.stack?.length).toBeLessThanOrEqual(CLIENT_ERROR_LIMITS.stack);
    expect(report?.stack).toContain("\n    at f");
    expect(ZClientErrorReport.safeParse(report).success).toBe(true);
  });

  it("leaves out browser noise that says nothing about the app", () => {
    expect(toClientErrorReport("error", "ResizeObserver loop completed with undelivered notifications.", context)).toBe(
      null,
    );
    expect(toClientErrorReport("error", "Script error.", context)).toBe(null);
  });
});

describe("the report gate", () => {
  const report = (message: string, frame = "at a (app.js:1:1)") => ({
    kind: "error" as const,
    message,
    stack: `Error: ${message}\n    ${frame}`,
    url: "u",
    release: "r",
  });

  it("lets each distinct error through once", () => {
    const gate = createReportGate(10);
    expect(gate(report("boom"))).toBe(true);
    expect(gate(report("boom"))).toBe(false);
    expect(gate(report("boom", "at b (app.js:2:2)"))).toBe(true);
    expect(gate({ ...report("boom"), kind: "boundary" })).toBe(true);
  });

  it("stops after the page's budget", () => {
    const gate = createReportGate(3);
    expect([1, 2, 3, 4, 5].map((i) => gate(report(`error ${i}`)))).toEqual([true, true, true, false, false]);
  });
});
