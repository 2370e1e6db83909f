import { existsSync } from "node:fs";
import { mkdtemp, readdir, rm } from "node:fs/promises";
import { createServer, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess, waitForStatus } from "./helpers/server-process.ts";

// What `npm start` prints: a banner to read, one line per mail, and no line per request unless
// LOG_LEVEL=debug asks for them. NODE_ENV is not production here, so lines are readable text.

let dataDir: string;
let server: ServerProcess | undefined;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vrf-start-output-"));
});
afterAll(async () => {
  await server?.kill();
  await rm(dataDir, { recursive: true, force: true });
});

const until = async (check: () => boolean, what: string, output: () => string) => {
  const deadline = Date.now() + 30_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`${what} did not appear:\n${output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

const askForCode = (base: string, email: string) =>
  fetch(`${base}/account/acc/get_mailbox_code`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, type: 1 }),
  }).then((response) => response.json() as Promise<{ errorCode: number }>);

describe("npm start's output", () => {
  it("at the default level: a banner, one readable line per mail, no line per request", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: undefined });
    await waitForStatus(server, "/readyz");
    const running = server;
    await until(() => running.output().includes("VRF Cloud is running"), "the banner", running.output);

    const banner = running.output().slice(running.output().indexOf("VRF Cloud is running"));
    expect(banner).toContain(`http://localhost:${running.port}`);
    for (const account of ["distributor@example.com", "subdistributor@example.com", "checker@example.com"]) {
      expect(banner).toContain(account);
    }
    expect(banner).toContain("Demo1234");
    expect(banner).toContain(join(dataDir, "outbox"));
    expect(banner).toMatch(/MQTT\s+embedded broker on port [1-9]\d*/);

    expect((await askForCode(running.baseUrl, "banner@example.com")).errorCode).toBe(0);
    const [file] = await readdir(join(dataDir, "outbox"));
    expect(file).toMatch(/register-code-banner@example\.com\.eml$/);
    await until(() => running.output().includes(file as string), "the mail's line", running.output);
    const mailLine =
      running
        .output()
        .split("\n")
        .find((line) => line.includes(file as string)) ?? "";
    expect(mailLine).toMatch(/^\[\d\d:\d\d:\d\d\] INFO: mail written to outbox \{"kind":"register-code","file":"\//);

    expect(running.output()).not.toContain("get_mailbox_code");
    expect(running.output()).not.toMatch(/incoming request|request completed/);
    expect(running.output()).not.toMatch(/^\{"level"/m);
    await running.kill();
  });

  it("with LOG_LEVEL=debug: a line per request", async () => {
    server = await startServerProcess({ DATA_DIR: dataDir, LOG_LEVEL: "debug" });
    await waitForStatus(server, "/readyz");
    const running = server;
    expect((await askForCode(running.baseUrl, "debug@example.com")).errorCode).toBe(0);
    await until(
      () =>
        /DEBUG: request completed .*"url":"\/account\/acc\/get_mailbox_code".*"statusCode":200/.test(running.output()),
      "the request's line",
      running.output,
    );
    expect(running.output()).toContain("every request is logged (LOG_LEVEL=debug)");
  });
});

describe("an MQTT_URL the server cannot use", () => {
  /** Starts with `mqttUrl`; the process must end by itself, well before the test's own timeout. */
  const refused = async (mqttUrl: string, dir = dataDir) => {
    const refusing = await startServerProcess({ DATA_DIR: dir, MQTT_URL: mqttUrl });
    let timer: NodeJS.Timeout | undefined;
    const bound = new Promise<"still running">((resolve) => {
      timer = setTimeout(() => resolve("still running"), 90_000);
    });
    try {
      const code = await Promise.race([refusing.exited, bound]);
      expect(code, refusing.output()).toBe(1);
    } finally {
      clearTimeout(timer);
      await refusing.kill();
    }
    const output = refusing.output();
    expect(output).not.toMatch(/\n\s+at /);
    return output.split("\n").filter((line) => line.includes("MQTT_URL"));
  };

  it("a broker that refuses the connection: one line naming MQTT_URL and why, exit code 1", async () => {
    const port = await freePort();
    expect(await refused(`mqtt://127.0.0.1:${port}`)).toEqual([
      `VRF Cloud did not start: MQTT_URL: cannot connect to mqtt://127.0.0.1:${port} (connect ECONNREFUSED 127.0.0.1:${port}).`,
    ]);
  });

  it("a broker that never answers: the same line once the first connection's wait is over", async () => {
    // Takes the connection and says nothing, as a wrong port behind a firewall may: without a
    // bound on the first connection the start would wait (and retry) for ever.
    const sockets: Socket[] = [];
    const silent = createServer((socket) => sockets.push(socket));
    await new Promise<void>((resolve) => silent.listen(0, "127.0.0.1", resolve));
    const { port } = silent.address() as { port: number };
    try {
      expect(await refused(`mqtt://user:secret@127.0.0.1:${port}`)).toEqual([
        `VRF Cloud did not start: MQTT_URL: cannot connect to mqtt://127.0.0.1:${port} (no answer within 5 s).`,
      ]);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => silent.close(resolve));
    }
  });

  it("not an MQTT URL: refused by the configuration, before the database is opened", async () => {
    const untouched = join(dataDir, "never-created");
    expect(await refused("ftp://x", untouched)).toEqual([
      "VRF Cloud did not start: MQTT_URL: expected mqtt://host:port or mqtts://host:port.",
    ]);
    expect(existsSync(untouched)).toBe(false);
  });
});
