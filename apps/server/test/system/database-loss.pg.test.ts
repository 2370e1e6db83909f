import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { Errors } from "@vrf/contract/errors.ts";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { admin, scratchDatabase } from "./helpers/scratch-database.ts";
import { type ServerProcess, startServerProcess, waitForStatus } from "./helpers/server-process.ts";

// The server runs in its own database on the test PostgreSQL server, so terminating its backends
// and refusing connections to it touches nobody else.
const { name: database, url: databaseUrl } = scratchDatabase("vrf_dbloss");

const terminateServerBackends = (client: pg.Client) =>
  client.query(
    "select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()",
    [database],
  );

interface Answer {
  status: number;
  errorCode?: number;
  failure?: string;
}

let server: ServerProcess;
let dataDir: string;
let token: string;

/** One request; a reset, hang (beyond 10 s) or non-JSON answer comes back as `failure`. */
const call = async (path: string, init: RequestInit = {}): Promise<Answer> => {
  try {
    const response = await fetch(`${server.baseUrl}${path}`, { ...init, signal: AbortSignal.timeout(10_000) });
    const body = (await response.json()) as { errorCode: number };
    return { status: response.status, errorCode: body.errorCode };
  } catch (error) {
    return { status: 0, failure: `${error} ${(error as Error).cause ?? ""}` };
  }
};
const profile = () => call("/account/get_user_profile", { headers: { authorization: `Bearer ${token}` } });

/** Served, or refused with the envelope's "database unavailable"; nothing else. */
const expectServedOr503 = (answer: Answer) => {
  if (answer.status === 200) return;
  expect(answer).toEqual({ status: 503, errorCode: Errors.databaseUnavailable.errorCode });
};

const waitUntilReady = async () => {
  await waitForStatus(server, "/readyz", 200, 15_000);
  expect((await profile()).status).toBe(200);
};

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  dataDir = await mkdtemp(join(tmpdir(), "vrf-dbloss-"));
  // Every call looks its session up, so a call blocks on the lock on sessions taken below.
  server = await startServerProcess({
    DATABASE_URL: databaseUrl,
    DEMO: "on",
    DATA_DIR: dataDir,
    SESSION_CACHE_MS: "0",
    SHUTDOWN_DRAIN_MS: "3000",
  });
  await waitForStatus(server, "/readyz");
  const login = await fetch(`${server.baseUrl}/account/acc/login_pwd`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email: "distributor@example.com", password: "Demo1234" }),
  });
  token = ((await login.json()) as { data: { accessToken: string } }).data.accessToken;
  expect(token).toBeTruthy();
});

afterAll(async () => {
  await server?.kill();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("losing the database", () => {
  it("survives its busy and idle connections being terminated, answering 503 meanwhile", async () => {
    // Fill the pool with idle connections.
    await Promise.all(Array.from({ length: 8 }, () => profile()));

    // A request that is busy in PostgreSQL when its backend goes: it waits on a lock we hold.
    const locker = new pg.Client({ connectionString: databaseUrl });
    await locker.connect();
    try {
      await locker.query("begin");
      await locker.query("lock table sessions in access exclusive mode");
      const blocked = Array.from({ length: 3 }, () => profile());
      const deadline = Date.now() + 10_000;
      let waiting = 0;
      while (waiting < 3 && Date.now() < deadline) {
        const { rows } = await locker.query<{ n: number }>(
          "select count(*)::int as n from pg_stat_activity where datname = $1 and wait_event_type = 'Lock'",
          [database],
        );
        waiting = rows[0]?.n ?? 0;
      }
      // The three requests wait on the lock; the server's own work (the device link's writers,
      // a session being touched) may be waiting on it as well.
      expect(waiting).toBeGreaterThanOrEqual(3);

      await terminateServerBackends(locker);
      for (const answer of await Promise.all(blocked)) {
        expect(answer).toEqual({ status: 503, errorCode: Errors.databaseUnavailable.errorCode });
      }
    } finally {
      await locker.end();
    }

    // Connections the pool still believed idle are gone too; the next requests are served or 503.
    for (const answer of await Promise.all(Array.from({ length: 6 }, () => profile()))) expectServedOr503(answer);
    expect(server.child.exitCode).toBeNull();
    await waitUntilReady();
  });

  it("answers 503 while the database refuses connections, and serves again once it is back", async () => {
    await Promise.all(Array.from({ length: 4 }, () => profile()));
    await admin(async (client) => {
      await client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await terminateServerBackends(client);
    });
    try {
      const unavailable = { status: 503, errorCode: Errors.databaseUnavailable.errorCode };
      // The first answers may still race the terminations; once those are seen, it is 503 throughout.
      await waitForStatus(server, "/readyz", 503, 15_000);
      expect(await call("/readyz")).toEqual(unavailable);
      expect(await profile()).toEqual(unavailable);
      const during = await Promise.all(Array.from({ length: 10 }, (_, i) => (i % 2 ? profile() : call("/readyz"))));
      for (const answer of during) expect(answer).toEqual(unavailable);
      // The process needs no database to say it is alive.
      expect(await call("/healthz")).toEqual({ status: 200, errorCode: 0 });
      expect(server.child.exitCode).toBeNull();
    } finally {
      await admin((client) => client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`));
    }
    await waitUntilReady();
    expect(server.output()).not.toMatch(/Unhandled|uncaught/i);
  });

  it("stops within its drain time and exits 0 while the database refuses connections and devices keep sending", async () => {
    // The demo fleet reports on the embedded broker all along; its batches cannot be written now.
    await admin(async (client) => {
      await client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS false`);
      await terminateServerBackends(client);
    });
    try {
      await waitForStatus(server, "/readyz", 503, 15_000);
      // Long enough for the device writer to be retrying a batch when the signal comes.
      await new Promise((resolve) => setTimeout(resolve, 2_000));
      const signalled = Date.now();
      server.child.kill("SIGTERM");
      expect(await server.exited).toBe(0);
      // SHUTDOWN_DRAIN_MS is 3 s; closing what is left takes a moment more.
      expect(Date.now() - signalled).toBeLessThan(3_000 + 5_000);
      expect(server.output()).not.toMatch(/did not finish in time|Unhandled|uncaught/i);
    } finally {
      await admin((client) => client.query(`ALTER DATABASE ${database} ALLOW_CONNECTIONS true`));
    }
  });
});
