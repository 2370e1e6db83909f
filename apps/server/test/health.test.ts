import { randomBytes } from "node:crypto";
import { Errors } from "@vrf/contract/errors.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DatabaseUnavailableError } from "../src/db/unavailable.ts";
import { beginDraining, DEVICE_LINK_STATS_PATH, registerDeviceLinkStats } from "../src/plugins/health.ts";
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

describe("the device link's traffic counts", () => {
  const token = randomBytes(24).toString("base64url");
  let linked: TestApp;
  const counts = () => {
    const link = linked.app.deviceLink;
    return link && { connected: link.gateway?.connected() ?? false, ...link.counters.snapshot() };
  };

  beforeAll(async () => {
    linked = await createTestApp({
      deviceLink: true,
      // What buildApp registers with METRICS_TOKEN (the test app is built without one).
      extraRoutes: (app) => registerDeviceLinkStats(app, { token, stats: counts }),
    });
    // A message on a topic no device uses: received and dropped, so the counts are not all zero.
    linked.app.deviceLink?.intake.accept("elsewhere/x", Buffer.from("{}"));
  });
  afterAll(async () => linked?.close());

  const stats = (authorization?: string) =>
    linked.app.inject({ method: "GET", url: DEVICE_LINK_STATS_PATH, headers: authorization ? { authorization } : {} });

  it("are not in /healthz, which says only up or down", async () => {
    expect((await linked.get("/healthz")).body.data).toEqual({ status: "ok" });
  });

  it("are served with the token as a Bearer credential", async () => {
    const response = await stats(`Bearer ${token}`);
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data).toEqual(counts());
    expect(data).toMatchObject({ connected: true, received: 1, dropped: { badTopic: 1 } });
  });

  it("are refused without the token, or with another", async () => {
    for (const authorization of [undefined, token, `Bearer ${token}x`, `Bearer ${token.slice(1)}`, "Basic eDp4"]) {
      const response = await stats(authorization);
      expect(response.statusCode).toBe(401);
      expect(response.headers["www-authenticate"]).toBe("Bearer");
      expect(response.json()).toEqual({
        errorCode: Errors.tokenUnauthorized.errorCode,
        code: 401,
        msg: "tokenUnauthorized",
        data: null,
      });
    }
  });

  it("are not served at all without METRICS_TOKEN", async () => {
    const response = await t.app.inject({
      method: "GET",
      url: DEVICE_LINK_STATS_PATH,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(404);
    expect(response.json().errorCode).toBe(Errors.routeNotFound.errorCode);
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
