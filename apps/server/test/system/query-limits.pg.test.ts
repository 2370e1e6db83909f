import { randomBytes } from "node:crypto";
import { connect } from "node:net";
import { defineEndpoint } from "@vrf/contract/endpoint.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { sql } from "kysely";
import pg from "pg";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import type { Db } from "../../src/db/open.ts";
import { addDownloadRoute } from "../../src/plugins/download-route.ts";
import { addRoute, PUBLIC } from "../../src/plugins/endpoint-route.ts";
import type { Services } from "../../src/services.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

// Statements that take as long as a test asks, each carrying a tag of its own so pg_stat_activity
// tells it apart from everything else on the server.
const ZSleep = z.object({ seconds: z.coerce.number().min(0).max(60), tag: z.string().regex(/^[a-z0-9_]{1,40}$/) });
const sleepStatement = (input: z.output<typeof ZSleep>) => sql.raw(`select pg_sleep(${input.seconds}) as ${input.tag}`);

const sleepPage = defineEndpoint({ method: "GET", path: "/test/sleep", request: ZSleep, response: z.null() });
const sleepList = defineEndpoint({ method: "POST", path: "/test/sleep-list", request: ZSleep, response: z.null() });
const sleepThenWrite = defineEndpoint({
  method: "POST",
  path: "/test/sleep-then-write",
  request: ZSleep,
  response: z.null(),
});
const slowExport = defineEndpoint({
  method: "GET",
  path: "/test/slow-export",
  request: ZSleep,
  response: z.instanceof(Blob),
});

const sleepRoutes = (app: FastifyInstance, services: Services) => {
  const db: Db = services.db;
  addRoute(app, services.sessions, sleepPage, PUBLIC, async (input) => {
    await sleepStatement(input).execute(db);
    return null;
  });
  addRoute(
    app,
    services.sessions,
    sleepList,
    PUBLIC,
    async (input) => {
      await sleepStatement(input).execute(db);
      return null;
    },
    { readOnly: true },
  );
  // A POST that is not declared read-only: a write, which a client leaving must not cut short.
  addRoute(app, services.sessions, sleepThenWrite, PUBLIC, async (input) => {
    await sleepStatement(input).execute(db);
    await sql`insert into cancel_probe (tag) values (${input.tag})`.execute(db);
    return null;
  });
  addDownloadRoute(app, services.sessions, slowExport, PUBLIC, async (input) => {
    await sleepStatement(input).execute(db);
    return { filename: "slow.txt", contentType: "text/plain", body: Buffer.from("done") };
  });
};

const newTag = () => `probe_${randomBytes(6).toString("hex")}`;

let admin: pg.Client;

/** Backends of the test server running the tagged statement right now. */
const running = async (tag: string): Promise<number> => {
  const { rows } = await admin.query<{ n: number }>(
    "select count(*)::int as n from pg_stat_activity where state = 'active' and query like $1 and pid <> pg_backend_pid()",
    [`%pg_sleep(%) as ${tag}%`],
  );
  return rows[0]?.n ?? 0;
};

/** Polls `check` until it holds; false when `timeoutMs` passes first. */
const until = async (check: () => Promise<boolean>, timeoutMs: number): Promise<boolean> => {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (await check()) return true;
    if (Date.now() > deadline) return false;
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
};

/** The head and the body as two writes, the body only once the server has read the head. */
const postRequest = (path: string, body: string) => [
  `POST ${path} HTTP/1.1\r\nHost: localhost\r\nContent-Type: application/json\r\nContent-Length: ${Buffer.byteLength(body)}\r\n\r\n`,
  body,
];

/** Sends a request on a raw socket and hangs up once the server is running its statement. */
const hangUpWhileRunning = async (port: number, request: string | string[], tag: string) => {
  const socket = connect(port, "127.0.0.1");
  socket.on("error", () => {});
  await new Promise<void>((resolve) => socket.once("connect", () => resolve()));
  // A body that arrives after the head is read in the socket's async context, not the request's.
  for (const part of [request].flat()) {
    socket.write(part);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  expect(await until(async () => (await running(tag)) === 1, 10_000)).toBe(true);
  socket.destroy();
};

beforeAll(async () => {
  admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
  await admin.connect();
});
afterAll(async () => {
  await admin?.end();
});

describe("a client that hangs up", () => {
  let t: TestApp;
  let port: number;

  beforeAll(async () => {
    // Fewer page connections than the slow exports below, so exports on the page pool would take them all.
    t = await createTestApp({ database: { poolSize: 4 }, extraRoutes: sleepRoutes });
    await sql`create table cancel_probe (tag text not null)`.execute(t.db);
    await t.app.listen({ port: 0, host: "127.0.0.1" });
    const address = t.app.server.address();
    port = typeof address === "object" && address ? address.port : 0;
  });
  afterAll(async () => {
    await t?.close();
  });

  it("has the running statement of a page cancelled at once", async () => {
    const tag = newTag();
    await hangUpWhileRunning(port, `GET /test/sleep?seconds=30&tag=${tag} HTTP/1.1\r\nHost: localhost\r\n\r\n`, tag);
    // The statement timeout (10 s) would end it too, but far later.
    expect(await until(async () => (await running(tag)) === 0, 2_000)).toBe(true);
    expect((await t.get(sleepPage.path, { seconds: 0, tag: newTag() })).body.errorCode).toBe(0);
  });

  it("has the running statement of an export cancelled at once", async () => {
    const tag = newTag();
    await hangUpWhileRunning(
      port,
      `GET /test/slow-export?seconds=30&tag=${tag} HTTP/1.1\r\nHost: localhost\r\n\r\n`,
      tag,
    );
    expect(await until(async () => (await running(tag)) === 0, 2_000)).toBe(true);
  });

  it("has the running statement of a POST list cancelled at once (its body read first)", async () => {
    const tag = newTag();
    const body = JSON.stringify({ seconds: 30, tag });
    await hangUpWhileRunning(port, postRequest(sleepList.path, body), tag);
    expect(await until(async () => (await running(tag)) === 0, 2_000)).toBe(true);
  });

  it("lets a request that writes finish", async () => {
    const tag = newTag();
    const body = JSON.stringify({ seconds: 1, tag });
    await hangUpWhileRunning(port, postRequest(sleepThenWrite.path, body), tag);
    const written = async () => {
      const { rows } = await sql<{ n: number }>`select count(*)::int as n from cancel_probe where tag = ${tag}`.execute(
        t.db,
      );
      return rows[0]?.n === 1;
    };
    expect(await until(written, 10_000)).toBe(true);
  });

  it("keeps pages answering while slow exports fill the report pool", async () => {
    const token = await t.moduleToken("distributor@example.com", 2);
    const tag = newTag();
    // More than the page pool has connections (4): on a shared pool, the list would find none.
    const exports = Array.from({ length: 5 }, () =>
      t.app.inject({ method: "GET", url: slowExport.path, query: { seconds: "4", tag } }),
    );
    expect(await until(async () => (await running(tag)) === 3, 10_000)).toBe(true);

    const list = await t.get("/hmt-web/distributor/faults/list", { pageNum: 1, pageSize: 20 }, token);
    expect(list.status).toBe(200);
    expect(list.body.errorCode).toBe(0);
    // Answered while the exports still held every report connection, and no more than those.
    expect(await running(tag)).toBe(3);

    for (const response of await Promise.all(exports)) {
      expect(response.statusCode).toBe(200);
      expect(response.body).toBe("done");
    }
  });
});

describe("a statement over its timeout", () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await createTestApp({
      database: { statementTimeoutMs: 1_000, reportStatementTimeoutMs: 4_000 },
      extraRoutes: sleepRoutes,
    });
  });
  afterAll(async () => {
    await t?.close();
  });

  it("answers 503 'narrow the filter' in the envelope, without detail", async () => {
    const answer = await t.get(sleepPage.path, { seconds: 5, tag: newTag() });
    expect(answer).toEqual({
      status: 503,
      body: { errorCode: Errors.queryTimeout.errorCode, code: 503, msg: "queryTimeout", data: null },
    });
  });

  it("gives exports the longer report timeout, and answers past it the same way", async () => {
    const within = await t.app.inject({ method: "GET", url: slowExport.path, query: { seconds: "2", tag: newTag() } });
    expect(within.statusCode).toBe(200);
    expect(within.body).toBe("done");

    const beyond = await t.app.inject({ method: "GET", url: slowExport.path, query: { seconds: "8", tag: newTag() } });
    expect(beyond.statusCode).toBe(503);
    expect(beyond.json()).toEqual({
      errorCode: Errors.queryTimeout.errorCode,
      code: 503,
      msg: "queryTimeout",
      data: null,
    });
  });
});
