import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const LOGIN = "/account/acc/login_pwd";
const strict = { global: { max: 1000, timeWindow: "1 minute" }, strict: { max: 3, timeWindow: "1 minute" } };

/** A sign-in as if from `remoteAddress` (app.inject's socket peer, 127.0.0.1 unless given). */
const signIn = async (
  t: TestApp,
  options: { forwardedFor?: string; remoteAddress?: string; email?: string; password?: string } = {},
) => {
  const response = await t.app.inject({
    method: "POST",
    url: LOGIN,
    payload: { email: options.email ?? "ghost@example.com", password: options.password ?? "x" },
    headers: options.forwardedFor ? { "x-forwarded-for": options.forwardedFor } : {},
    ...(options.remoteAddress ? { remoteAddress: options.remoteAddress } : {}),
  });
  return response.statusCode;
};

/** The address the newest successful sign-in of the account was logged with. */
const loggedIp = async (t: TestApp, email: string) => {
  const row = await t.db
    .selectFrom("login_logs")
    .innerJoin("accounts", "accounts.id", "login_logs.account_id")
    .where("accounts.email", "=", email)
    .where("login_logs.event", "=", "login")
    .orderBy("login_logs.id", "desc")
    .select("login_logs.ip")
    .executeTakeFirstOrThrow();
  return row.ip;
};

// One app at a time: a second schema holding migration tables confuses the PostgreSQL migrator.
describe("by default (TRUST_PROXY off)", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: strict });
  });
  afterAll(() => t.close());

  it("keeps throttling a client that claims a new X-Forwarded-For each time", async () => {
    for (const claimed of ["203.0.113.1", "203.0.113.2", "203.0.113.3"]) {
      expect(await signIn(t, { forwardedFor: claimed })).toBe(401);
    }
    expect(await signIn(t, { forwardedFor: "203.0.113.4" })).toBe(429);
    // The socket peer is what counts: another peer still has its own budget.
    expect(await signIn(t, { remoteAddress: "198.51.100.7", forwardedFor: "203.0.113.4" })).toBe(401);
  });

  it("logs the socket address of a sign-in, not the claimed one", async () => {
    expect(
      await signIn(t, {
        email: "distributor@example.com",
        password: "Demo1234",
        remoteAddress: "198.51.100.8",
        forwardedFor: "203.0.113.9",
      }),
    ).toBe(200);
    expect(await loggedIp(t, "distributor@example.com")).toBe("198.51.100.8");
  });
});

describe("TRUST_PROXY as the proxy's address", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: strict, trustProxy: ["127.0.0.1"] });
  });
  afterAll(() => t.close());

  it("counts each forwarded client on its own", async () => {
    for (const client of ["203.0.113.1", "203.0.113.2", "203.0.113.3", "203.0.113.4"]) {
      expect(await signIn(t, { forwardedFor: client })).toBe(401);
    }
    // 203.0.113.1 has used one of three; two more, then it is held back while others are not.
    expect(await signIn(t, { forwardedFor: "203.0.113.1" })).toBe(401);
    expect(await signIn(t, { forwardedFor: "203.0.113.1" })).toBe(401);
    expect(await signIn(t, { forwardedFor: "203.0.113.1" })).toBe(429);
    expect(await signIn(t, { forwardedFor: "203.0.113.5" })).toBe(401);
  });

  it("logs the forwarded client address", async () => {
    expect(
      await signIn(t, {
        email: "distributor@example.com",
        password: "Demo1234",
        forwardedFor: "10.9.9.9, 203.0.113.20",
      }),
    ).toBe(200);
    expect(await loggedIp(t, "distributor@example.com")).toBe("203.0.113.20");
  });

  it("ignores the header from a peer that is not the proxy", async () => {
    expect(
      await signIn(t, {
        email: "distributor@example.com",
        password: "Demo1234",
        remoteAddress: "198.51.100.30",
        forwardedFor: "203.0.113.21",
      }),
    ).toBe(200);
    expect(await loggedIp(t, "distributor@example.com")).toBe("198.51.100.30");
  });
});

describe("TRUST_PROXY as a hop count", () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp({ limits: strict, trustProxy: 1 });
  });
  afterAll(() => t.close());

  it("takes the address the nearest proxy appended, whatever the client put before it", async () => {
    // The client prepends a fresh address each time; the proxy's entry (last) stays the same.
    for (const spoofed of ["10.0.0.1", "10.0.0.2", "10.0.0.3"]) {
      expect(await signIn(t, { forwardedFor: `${spoofed}, 203.0.113.40` })).toBe(401);
    }
    expect(await signIn(t, { forwardedFor: "10.0.0.4, 203.0.113.40" })).toBe(429);
    expect(await signIn(t, { forwardedFor: "10.0.0.4, 203.0.113.41" })).toBe(401);

    expect(
      await signIn(t, {
        email: "distributor@example.com",
        password: "Demo1234",
        forwardedFor: "10.0.0.5, 203.0.113.42",
      }),
    ).toBe(200);
    expect(await loggedIp(t, "distributor@example.com")).toBe("203.0.113.42");
  });
});
