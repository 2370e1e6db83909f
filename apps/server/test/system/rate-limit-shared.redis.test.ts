import { randomBytes } from "node:crypto";
import { Redis } from "ioredis";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { buildApp } from "../../src/app.ts";
import { createTestApp, type TestApp } from "../helpers/test-app.ts";

const LOGIN = "/account/acc/login_pwd";
const INTAKE = "/hmt-web/distributor/repair_report/intake";
const HOUR_MS = 60 * 60_000;
const redisUrl = process.env.TEST_REDIS_URL as string;
// A prefix of this run's own, so parallel runs on the same Redis never share a counter.
const prefix = `vrf:test:${randomBytes(6).toString("hex")}:`;
const limits = {
  global: { max: 1000, timeWindow: "1 minute" },
  strict: { max: 3, timeWindow: "1 minute" },
  repairIntake: { perSerial: { max: 3, windowMs: HOUR_MS }, perAddress: { max: 100, windowMs: HOUR_MS } },
};

type App = Awaited<ReturnType<typeof buildApp>>;
let a: TestApp;
let b: App;
let redis: Redis;

const signIn = async (app: App, remoteAddress = "127.0.0.1") =>
  (
    await app.inject({
      method: "POST",
      url: LOGIN,
      remoteAddress,
      payload: { email: "ghost@example.com", password: "x" },
    })
  ).statusCode;

const report = async (app: App, serialNumber: string, remoteAddress: string) =>
  (
    await app.inject({
      method: "POST",
      url: INTAKE,
      remoteAddress,
      payload: { userName: "Flood", email: "flood@example.com", serialNumber, content: "Not cooling" },
    })
  ).statusCode;

const keysOfRun = () => redis.keys(`${prefix}*`);

/** Another instance on A's database (its mails are dropped); only its Redis settings are its own. */
const instance = async (redisSettings: { redisUrl: string; rateLimitPrefix: string }) => {
  const app = await buildApp({
    db: a.db,
    clock: a.clock,
    passwordCost: 10,
    mailer: { from: "VRF Cloud <test@vrf.local>", deliver: async () => undefined },
    limits,
    ...redisSettings,
  });
  await app.ready();
  return app;
};

// Two instances behind one load balancer: same database, same Redis, same key prefix.
beforeAll(async () => {
  redis = new Redis(redisUrl);
  a = await createTestApp({ limits, redis: { url: redisUrl, prefix } });
  b = await instance({ redisUrl, rateLimitPrefix: prefix });
});

afterAll(async () => {
  await b?.close();
  await a?.close();
  const keys = await keysOfRun();
  if (keys.length > 0) await redis.del(...keys);
  expect(await keysOfRun()).toEqual([]);
  await redis.quit();
});

describe("two instances on one Redis", () => {
  it("share one sign-in counter per address", async () => {
    expect(await signIn(a.app)).toBe(401);
    expect(await signIn(a.app)).toBe(401);
    expect(await signIn(b)).toBe(401);
    expect(await signIn(b)).toBe(429);
    expect(await signIn(a.app)).toBe(429);
    // Another address has its own counter on both.
    expect(await signIn(b, "198.51.100.9")).toBe(401);
  });

  it("share the per-serial intake counter", async () => {
    const serial = `SHARED-${randomBytes(3).toString("hex")}`;
    expect(await report(a.app, serial, "198.51.100.1")).toBe(200);
    expect(await report(b, serial, "198.51.100.2")).toBe(200);
    expect(await report(a.app, serial, "198.51.100.3")).toBe(200);
    expect(await report(b, serial.toLowerCase(), "198.51.100.4")).toBe(429);
    expect(await report(a.app, serial, "198.51.100.5")).toBe(429);
  });

  it("keep every counter under the prefix, each with an expiry", async () => {
    const keys = await keysOfRun();
    expect(keys.some((k) => k.startsWith(`${prefix}hit:repair-intake:serial:`))).toBe(true);
    expect(keys.some((k) => k.includes(LOGIN))).toBe(true);
    for (const key of keys) expect(await redis.pttl(key), key).toBeGreaterThan(0);
  });
});

describe("Redis unreachable", () => {
  it("answers instead of failing: the plugin limits open, the intake limits count in the process", async () => {
    // Port 1 on loopback refuses at once, like a Redis that is down.
    const down = await instance({ redisUrl: "redis://127.0.0.1:1", rateLimitPrefix: prefix });
    try {
      for (let i = 0; i < 5; i++) expect(await signIn(down, "198.51.100.40")).toBe(401);
      const serial = "DOWN-SERIAL";
      for (let i = 0; i < 3; i++) expect(await report(down, serial, `198.51.100.${20 + i}`)).toBe(200);
      expect(await report(down, serial, "198.51.100.30")).toBe(429);
    } finally {
      await down.close();
    }
  });
});
