import { Errors } from "@vrf/contract/errors.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "../src/db/unavailable.ts";
import { beginDraining } from "../src/plugins/health.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app) => {
      app.get("/test/database-away", async () => {
        throw new DatabaseUnavailableError(Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" }));
      });
      // The same code from elsewhere (a mail server, say) is not the database being away.
      app.get("/test/other-refusal", async () => {
        throw Object.assign(new Error("connect ECONNREFUSED"), { code: "ECONNREFUSED" });
      });
    },
  });
});
afterAll(async () => t.close());

describe("health probes", () => {
  it("/healthz and /readyz answer 200 envelopes", async () => {
    expect(await t.get("/healthz")).toEqual({
      status: 200,
      body: { errorCode: 0, code: 200, msg: "success", data: { status: "ok" } },
    });
    expect(await t.get("/readyz")).toEqual({
      status: 200,
      body: { errorCode: 0, code: 200, msg: "success", data: { status: "ready" } },
    });
  });

  it("a lost database connection answers 503 in the envelope, other failures stay 500", async () => {
    expect(await t.get("/test/database-away")).toEqual({
      status: 503,
      body: { errorCode: Errors.databaseUnavailable.errorCode, code: 503, msg: "serviceUnavailable", data: null },
    });
    expect((await t.get("/test/other-refusal")).body.errorCode).toBe(Errors.internal.errorCode);
  });
});

describe("probes and the rate limit", () => {
  it("never refuses a probe for coming too often", async () => {
    const limited = await createTestApp({
      limits: { global: { max: 2, timeWindow: "1 minute" }, strict: { max: 2, timeWindow: "1 minute" } },
    });
    try {
      for (let i = 0; i < 5; i++) {
        expect((await limited.get("/healthz")).status).toBe(200);
        expect((await limited.get("/readyz")).status).toBe(200);
      }
    } finally {
      await limited.close();
    }
  });
});

describe("draining", () => {
  it("answers every request 503 with Connection: close once shutdown began", async () => {
    const own = await createTestApp();
    try {
      beginDraining(own.app);
      for (const url of ["/readyz", "/healthz", "/hmt-web/account/get_pa_tos"]) {
        const response = await own.app.inject({ method: "GET", url });
        expect(response.statusCode).toBe(503);
        expect(response.headers.connection).toBe("close");
        expect(response.json()).toMatchObject({ errorCode: Errors.shuttingDown.errorCode, msg: "serviceUnavailable" });
      }
    } finally {
      await own.close();
    }
  });
});
