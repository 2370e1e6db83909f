import { PassThrough } from "node:stream";
import { describe, expect, it } from "vitest";
import { readableLogStream } from "./readable-log.ts";

/** What the readable stream puts out for one of pino's JSON lines. */
const written = (entry: Record<string, unknown>): string => {
  const out = new PassThrough();
  let text = "";
  out.on("data", (chunk) => {
    text += String(chunk);
  });
  readableLogStream(out as unknown as NodeJS.WriteStream).write(
    `${JSON.stringify({ time: Date.now(), pid: 4242, hostname: "box", ...entry })}\n`,
  );
  return text;
};

describe("readable log lines", () => {
  it("show time, level, message and the entry's own fields on one line, without pid and host", () => {
    const text = written({ level: 30, kind: "register-code", file: "/data/outbox/1.eml", msg: "mail written" });
    expect(text).toMatch(
      /^\[\d\d:\d\d:\d\d\] INFO: mail written \{"kind":"register-code","file":"\/data\/outbox\/1.eml"\}\n$/,
    );
    expect(text).not.toMatch(/pid|hostname/);
  });

  it("show an error with its message, and no colour codes when the output is not a terminal", () => {
    const text = written({
      level: 50,
      err: { type: "Error", message: "broker gone", stack: "Error: broker gone\n    at link.ts:1" },
      msg: "device link stopped",
    });
    expect(text).toContain("ERROR: device link stopped");
    expect(text).toContain("broker gone");
    expect(text).not.toContain("\x1b[");
  });
});
