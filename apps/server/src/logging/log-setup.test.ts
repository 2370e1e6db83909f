import { describe, expect, it } from "vitest";
import { logSetup } from "./log-setup.ts";

describe("log setup", () => {
  it("writes JSON in production and readable lines elsewhere", () => {
    expect(logSetup({ level: "info", production: true }).format).toBe("json");
    expect(logSetup({ level: "info", production: false }).format).toBe("readable");
  });

  it("lets the line per request through only at debug and trace", () => {
    expect(logSetup({ level: "info", production: false }).requestLogs).toBe(false);
    expect(logSetup({ level: "warn", production: true }).requestLogs).toBe(false);
    expect(logSetup({ level: "debug", production: false }).requestLogs).toBe(true);
    expect(logSetup({ level: "trace", production: true }).requestLogs).toBe(true);
  });
});
