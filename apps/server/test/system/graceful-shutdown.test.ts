import { mkdtemp, rm } from "node:fs/promises";
import http from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Errors } from "@vrf/contract/errors.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { type ServerProcess, startServerProcess, waitForStatus } from "./helpers/server-process.ts";

interface Answer {
  status: number;
  connection: string | undefined;
  errorCode: number | undefined;
  failure?: string;
}

const CLIENTS = 20;
/** A bound on each client's loop, far above what the run before SIGTERM needs. */
const MAX_REQUESTS_PER_CLIENT = 5_000;

let server: ServerProcess;
let dataDir: string;

const request = (agent: http.Agent, method: "GET" | "POST", path: string, body?: unknown) =>
  new Promise<Answer>((resolve) => {
    const payload = body === undefined ? undefined : JSON.stringify(body);
    const req = http.request(
      `${server.baseUrl}${path}`,
      {
        method,
        agent,
        timeout: 30_000,
        headers: payload ? { "content-type": "application/json", "content-length": Buffer.byteLength(payload) } : {},
      },
      (res) => {
        let text = "";
        res.setEncoding("utf8");
        res.on("data", (chunk: string) => {
          text += chunk;
        });
        res.on("end", () => {
          let errorCode: number | undefined;
          try {
            errorCode = (JSON.parse(text) as { errorCode?: number }).errorCode;
          } catch {
            errorCode = undefined;
          }
          resolve({ status: res.statusCode ?? 0, connection: res.headers.connection, errorCode });
        });
        res.on("error", (error) =>
          resolve({ status: 0, connection: undefined, errorCode: undefined, failure: String(error) }),
        );
      },
    );
    req.on("timeout", () => req.destroy(new Error("timed out")));
    req.on("error", (error) =>
      resolve({
        status: 0,
        connection: undefined,
        errorCode: undefined,
        failure: `${(error as NodeJS.ErrnoException).code ?? ""} ${error.message}`,
      }),
    );
    req.end(payload);
  });

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vrf-shutdown-"));
  server = await startServerProcess({ DATA_DIR: dataDir, SHUTDOWN_DRAIN_MS: "10000" });
  await waitForStatus(server, "/readyz");
});

afterAll(async () => {
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("SIGTERM under load", () => {
  it("answers every request with 2xx or 503, closes live sockets with 1001 and exits 0", async () => {
    const setup = new http.Agent({ keepAlive: false });
    const login = await new Promise<{ accessToken: string; customerId: string }>((resolve, reject) => {
      const req = http.request(
        `${server.baseUrl}/account/acc/login_pwd`,
        { method: "POST", agent: setup, headers: { "content-type": "application/json" } },
        (res) => {
          let text = "";
          res.on("data", (c: Buffer) => {
            text += c.toString();
          });
          res.on("end", () =>
            resolve((JSON.parse(text) as { data: { accessToken: string; customerId: string } }).data),
          );
        },
      );
      req.on("error", reject);
      req.end(JSON.stringify({ email: "checker@example.com", password: "Demo1234" }));
    });
    const moduleToken = await fetch(`${server.baseUrl}/hmt-web/himit-checker/sys/login`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ accessToken: login.accessToken, authorityNum: 5 }),
    }).then(async (r) => ((await r.json()) as { data: { token: string } }).data.token);
    expect(moduleToken).toBeTruthy();

    const socket = new WebSocket(
      `ws://127.0.0.1:${server.port}/server/control/${login.customerId}/shutdown-test?token=${encodeURIComponent(moduleToken)}`,
    );
    const socketClosed = new Promise<number>((resolve) => socket.once("close", (code) => resolve(code)));
    await new Promise<void>((resolve, reject) => {
      socket.once("open", () => resolve());
      socket.once("error", reject);
    });

    // Each client keeps one connection alive and sends request after request on it, until the
    // server tells it to go (Connection: close) or something fails.
    const answers: Answer[][] = Array.from({ length: CLIENTS }, () => []);
    let started = 0;
    let signalled!: () => void;
    const warmedUp = new Promise<void>((resolve) => {
      signalled = resolve;
    });
    const clients = answers.map(async (mine, index) => {
      const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
      try {
        for (let i = 0; i < MAX_REQUESTS_PER_CLIENT; i++) {
          const answer = await request(agent, "GET", index % 2 ? "/readyz" : "/healthz");
          mine.push(answer);
          if (i === 4 && ++started === CLIENTS) signalled();
          if (answer.failure || answer.connection === "close") return;
        }
      } finally {
        agent.destroy();
      }
    });

    await warmedUp;
    // A slower request (a sign-in hashes the password) on its own kept-alive connection.
    const slowAgent = new http.Agent({ keepAlive: true, maxSockets: 1 });
    await request(slowAgent, "GET", "/healthz");
    const slow = request(slowAgent, "POST", "/account/acc/login_pwd", {
      email: "distributor@example.com",
      password: "Demo1234",
    });
    server.child.kill("SIGTERM");

    await Promise.all(clients);
    const slowAnswer = await slow;
    slowAgent.destroy();
    const all = [...answers.flat(), slowAnswer];

    expect(all.filter((a) => a.failure)).toEqual([]);
    for (const answer of all) expect([200, 503]).toContain(answer.status);
    const refused = all.filter((a) => a.status === 503);
    expect(refused.length).toBeGreaterThan(0);
    for (const answer of refused) {
      expect(answer).toEqual({ status: 503, connection: "close", errorCode: Errors.shuttingDown.errorCode });
    }
    // Every client was told to go, none was cut off.
    for (const mine of answers) expect(mine.at(-1)?.connection).toBe("close");

    expect(await socketClosed).toBe(1001);
    expect(await server.exited).toBe(0);
  });
});
