import { PassThrough } from "node:stream";
import { DEVICE_TOPICS } from "@vrf/contract/device/protocol.ts";
import mqtt from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { FAILED_SIGN_INS } from "../src/devices/mqtt-packet-limits.ts";
import type { DropReason } from "../src/devices/traffic-counters.ts";
import { brokerUserOf } from "../src/modules/broker-auth/broker-auth.service.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const TOKEN = "emqx-asks-the-portal-0123456789abcdef";
const PORTAL = { username: "vrf-cloud-portal", password: "portal:pass/word-0123456789" };

/** The headers EMQX 5's `http` authenticator and authorizer send with a POST (their defaults plus ours). */
const emqxHeaders = (token: string | null = TOKEN): Record<string, string> => ({
  accept: "application/json",
  "cache-control": "no-cache",
  connection: "keep-alive",
  "keep-alive": "timeout=30, max=1000",
  "content-type": "application/json",
  ...(token === null ? {} : { authorization: `Bearer ${token}` }),
});

/**
 * The bodies README's templates make EMQX send: `{"clientid": "${clientid}", "username":
 * "${username}", "password": "${password}", "peerhost": "${peerhost}"}` and `{"clientid":
 * "${clientid}", "username": "${username}", "topic": "${topic}", "action": "${action}"}`, encoded
 * as EMQX encodes them (a JSON text).
 */
interface AuthBody {
  clientid: string;
  username: string;
  password: string;
  peerhost: string;
}
interface AclBody {
  clientid: string;
  username: string;
  topic: string;
  action: string;
}

const post = async (app: TestApp["app"], url: string, payload: string, headers = emqxHeaders()) => {
  const response = await app.inject({ method: "POST", url, headers, payload });
  return { status: response.statusCode, body: response.body, json: () => response.json() as unknown };
};

let t: TestApp;
const logLines: string[] = [];
let a: { serial: string; password: string };
let b: { serial: string; password: string };

const auth = async (body: AuthBody) => post(t.app, "/mqtt/auth", JSON.stringify(body));
const acl = async (body: AclBody) => post(t.app, "/mqtt/acl", JSON.stringify(body));
/** A device's sign-in from `peerhost`, with its own or another password. */
const signIn = async (device: { serial: string; password: string }, peerhost: string, password = device.password) =>
  (await auth({ clientid: device.serial, username: device.serial, password, peerhost })).json();
const may = async (serial: string, action: string, topic: string) =>
  (await acl({ clientid: serial, username: serial, topic, action })).json();

const ALLOWED_DEVICE = { result: "allow", is_superuser: false };
const DENIED = { result: "deny", is_superuser: false };
const dropped = () => t.app.deviceLink?.counters.snapshot().dropped as Record<DropReason, number>;

/** The `nth` Hi-Mit, with a secret issued for it as the portal issues one. */
const deviceOf = async (nth: number) => {
  const row = await t.db
    .selectFrom("devices")
    .where("kind", "=", "himit")
    .select(["id", "serial_number"])
    .orderBy("id")
    .offset(nth)
    .limit(1)
    .executeTakeFirstOrThrow();
  const credentials = await t.app.services.deviceCredentials.issueFor(
    { id: Number(row.id), serialNumber: row.serial_number },
    null,
  );
  return { serial: row.serial_number, password: credentials.password };
};

beforeAll(async () => {
  const logStream = new PassThrough();
  logStream.on("data", (chunk) => logLines.push(String(chunk)));
  // With the device link running, so refusals are seen in its traffic counts.
  t = await createTestApp({ brokerAuth: { token: TOKEN, portalUser: PORTAL }, deviceLink: true, logStream });
  a = await deviceOf(0);
  b = await deviceOf(1);
});

afterAll(async () => {
  await t?.close();
});

describe("EMQX authentication (POST /mqtt/auth)", () => {
  it("allows a device with the secret it was issued, not as a superuser", async () => {
    const response = await auth({ clientid: a.serial, username: a.serial, password: a.password, peerhost: "10.1.0.1" });
    expect(response.status).toBe(200);
    expect(response.json()).toEqual(ALLOWED_DEVICE);
  });

  it("denies a wrong secret, an unknown serial, a user name other than the client id, and no password", async () => {
    const before = dropped().refusedAuth;
    const peerhost = "10.1.0.2";
    expect(await signIn(a, peerhost, b.password)).toEqual(DENIED);
    expect(await signIn(a, peerhost, "")).toEqual(DENIED);
    expect(await signIn({ serial: "NO-SUCH-SERIAL-1", password: a.password }, peerhost)).toEqual(DENIED);
    const other = await auth({ clientid: `${a.serial}-x`, username: a.serial, password: a.password, peerhost });
    expect(other.json()).toEqual(DENIED);
    const swapped = await auth({ clientid: a.serial, username: b.serial, password: b.password, peerhost });
    expect(swapped.json()).toEqual(DENIED);
    // Not a device id at all (MQTT wildcards, a slash).
    for (const id of ["vrf/+", "#", "a b"]) {
      expect((await auth({ clientid: id, username: id, password: a.password, peerhost })).json()).toEqual(DENIED);
    }
    expect(dropped().refusedAuth).toBe(before + 8);
  });

  it("allows the portal's own broker user as a superuser, and only with its password", async () => {
    const portal = await auth({ clientid: "vrf-cloud-1", ...PORTAL, peerhost: "10.1.0.3" });
    expect(portal.json()).toEqual({ result: "allow", is_superuser: true });
    const wrong = await auth({
      clientid: "vrf-cloud-1",
      username: PORTAL.username,
      password: "x",
      peerhost: "10.1.0.3",
    });
    expect(wrong.json()).toEqual(DENIED);
    // Its name is no device's, even as client id and user name with a device's secret.
    const asDevice = await auth({
      clientid: PORTAL.username,
      username: PORTAL.username,
      password: a.password,
      peerhost: "10.1.0.3",
    });
    expect(asDevice.json()).toEqual(DENIED);
  });

  it("answers 401 without the token, with another token, or with it outside a Bearer header", async () => {
    const body = JSON.stringify({ clientid: a.serial, username: a.serial, password: a.password, peerhost: "10.1.0.4" });
    for (const token of [null, "emqx-asks-the-portal-0123456789abcdeX", ""]) {
      const response = await post(t.app, "/mqtt/auth", body, emqxHeaders(token));
      expect(response.status, String(token)).toBe(401);
      expect(response.body).not.toContain("allow");
    }
    const basic = await post(t.app, "/mqtt/auth", body, { ...emqxHeaders(), authorization: TOKEN });
    expect(basic.status).toBe(401);
    const acl401 = await post(
      t.app,
      "/mqtt/acl",
      JSON.stringify({ clientid: a.serial, username: a.serial, topic: `vrf/${a.serial}/cmd`, action: "subscribe" }),
      emqxHeaders(null),
    );
    expect(acl401.status).toBe(401);
  });

  it("denies even the right secret after too many failures of a client id, and spares other devices", async () => {
    const peerhost = "10.2.0.1";
    for (let i = 0; i < FAILED_SIGN_INS.perClientId; i += 1) expect(await signIn(a, peerhost, "wrong")).toEqual(DENIED);
    logLines.length = 0;
    const before = dropped().refusedAuth;
    expect(await signIn(a, peerhost)).toEqual(DENIED);
    // From anywhere: the count is the client id's.
    expect(await signIn(a, "10.2.0.2")).toEqual(DENIED);
    expect(dropped().refusedAuth).toBe(before + 2);
    // Refused before the secret is looked up, and said so in the log.
    expect(logLines.join("")).toContain(`too many failed sign-ins (${a.serial})`);
    // Another device, even from the same address (10 failures there, under its 30).
    expect(await signIn(b, peerhost)).toEqual(ALLOWED_DEVICE);
    // The minute over, the right secret is taken again.
    t.clock.advance(FAILED_SIGN_INS.windowMs);
    expect(await signIn(a, peerhost)).toEqual(ALLOWED_DEVICE);
  });

  it("denies every client id from an address with too many failures, and spares other addresses", async () => {
    const peerhost = "10.3.0.1";
    for (let i = 0; i < FAILED_SIGN_INS.perAddress; i += 1) {
      expect(await signIn({ serial: `GUESS-${i}`, password: "wrong" }, peerhost)).toEqual(DENIED);
    }
    expect(await signIn(b, peerhost)).toEqual(DENIED);
    expect(await signIn(b, "10.3.0.2")).toEqual(ALLOWED_DEVICE);
    // The portal's own user is never throttled: its gateway must get back in.
    const portal = await auth({ clientid: "vrf-cloud-2", ...PORTAL, peerhost });
    expect(portal.json()).toEqual({ result: "allow", is_superuser: true });
  });
});

describe("EMQX authorization (POST /mqtt/acl)", () => {
  it("lets a device publish to each of its own topics and subscribe to its own command topic", async () => {
    for (const topic of DEVICE_TOPICS) {
      const response = await acl({
        clientid: a.serial,
        username: a.serial,
        topic: `vrf/${a.serial}/${topic}`,
        action: "publish",
      });
      expect(response.status).toBe(200);
      expect(response.json(), topic).toEqual({ result: "allow" });
    }
    expect(await may(a.serial, "subscribe", `vrf/${a.serial}/cmd`)).toEqual({ result: "allow" });
  });

  it("denies another device's topics, commands from a device, wildcards and anything outside the tree", async () => {
    const before = dropped();
    const denied = { result: "deny" };
    const publishes = [
      `vrf/${b.serial}/online`,
      `vrf/${a.serial}/cmd`,
      `vrf/${a.serial}/../${b.serial}`,
      `vrf/${a.serial}/../${b.serial}/online`,
      `vrf/${a.serial}/online/extra`,
      `vrf/${a.serial}/online/`,
      `/vrf/${a.serial}/online`,
      `vrf/${a.serial}/Online`,
      `vrf/${a.serial}0/online`,
      `vrf/+/online`,
      `other/${a.serial}/online`,
      "$SYS/brokers",
    ];
    for (const topic of publishes) expect(await may(a.serial, "publish", topic), topic).toEqual(denied);
    const subscribes = [
      "vrf/+/cmd",
      "vrf/#",
      `vrf/${a.serial}/#`,
      `vrf/${a.serial}/+`,
      "#",
      `vrf/${b.serial}/cmd`,
      `vrf/${a.serial}/online`,
      `$share/g/vrf/${a.serial}/cmd`,
      `$queue/vrf/${a.serial}/cmd`,
      `vrf/${a.serial}/../${b.serial}/cmd`,
    ];
    for (const topic of subscribes) expect(await may(a.serial, "subscribe", topic), topic).toEqual(denied);
    expect(dropped().refusedPublish).toBe(before.refusedPublish + publishes.length);
    expect(dropped().refusedSubscribe).toBe(before.refusedSubscribe + subscribes.length);
  });

  it("denies a client whose user name is not its client id, and the portal's user (a superuser EMQX does not ask)", async () => {
    const topic = `vrf/${a.serial}/online`;
    expect((await acl({ clientid: a.serial, username: b.serial, topic, action: "publish" })).json()).toEqual({
      result: "deny",
    });
    expect((await acl({ clientid: "x", username: a.serial, topic, action: "publish" })).json()).toEqual({
      result: "deny",
    });
    const portal = await acl({
      clientid: "vrf-cloud-1",
      username: PORTAL.username,
      topic: "vrf/+/online",
      action: "subscribe",
    });
    expect(portal.json()).toEqual({ result: "deny" });
  });
});

describe("bodies EMQX did not fill as expected", () => {
  // 200 with a deny, never 400: EMQX reads any other status as "ignore", which its authorizer's
  // default `no_match = allow` would turn into an allow.
  const authBody = { clientid: "A1", username: "A1", password: "p", peerhost: "10.4.0.1" };
  const aclBody = { clientid: "A1", username: "A1", topic: "vrf/A1/online", action: "publish" };
  const malformed: [string, string, Record<string, string>?][] = [
    ["not JSON", "clientid=A1&username=A1"],
    ["empty", ""],
    ["JSON null", "null"],
    ["an array", "[]"],
    ["a control character", JSON.stringify({ ...authBody, clientid: "A\u00001" })],
    ["a field too long", JSON.stringify({ ...authBody, username: "A".repeat(300) })],
    ["a number for a text", JSON.stringify({ ...authBody, password: 12345 })],
    ["form encoded", "clientid=A1", { "content-type": "application/x-www-form-urlencoded" }],
    ["too large", JSON.stringify({ ...authBody, password: "p".repeat(20_000) })],
    // EMQX's own default templates carry no client id (and no address): ours must be used.
    ["EMQX's default template", JSON.stringify({ username: "A1", password: "p" })],
  ];

  it("denies a malformed authentication request with 200", async () => {
    for (const [what, payload, headers] of malformed) {
      const response = await post(t.app, "/mqtt/auth", payload, { ...emqxHeaders(), ...headers });
      expect(response.status, what).toBe(200);
      expect(response.json(), what).toEqual(DENIED);
    }
    expect(logLines.join("")).toContain("EMQX request not understood");
  });

  it("denies a malformed authorization request with 200", async () => {
    const cases: [string, string][] = [
      ...malformed.map(([what, payload]) => [what, payload] as [string, string]),
      ["an action EMQX does not send", JSON.stringify({ ...aclBody, action: "all" })],
      ["no topic", JSON.stringify({ clientid: "A1", username: "A1", action: "publish" })],
      ["EMQX's default template", JSON.stringify({ username: "A1", topic: "vrf/A1/online", action: "publish" })],
    ];
    for (const [what, payload] of cases) {
      const response = await post(t.app, "/mqtt/acl", payload);
      expect(response.status, what).toBe(200);
      expect(response.json(), what).toEqual({ result: "deny" });
    }
  });
});

describe("the portal's own broker user", () => {
  it("is MQTT_URL's user as the gateway's MQTT client signs in with it", () => {
    const urls = [
      "mqtt://vrf-portal:secret@broker:1883",
      "mqtts://vrf%40portal:p%20w%2Fx@broker",
      // mqtt.js splits the decoded user part at its last colon: so must the check.
      "mqtt://vrf:p%3Ass@broker",
    ];
    for (const url of urls) {
      // Never connects: only its options are read.
      const client = mqtt.connect(url, { manualConnect: true });
      expect(brokerUserOf(url), url).toEqual({ username: client.options.username, password: client.options.password });
    }
    // Without a password the portal signs in anonymously: no user is the superuser then.
    for (const url of ["mqtt://broker:1883", "mqtt://vrf-portal@broker", "mqtt://vrf-portal:@broker", undefined]) {
      expect(brokerUserOf(url), url).toBeUndefined();
    }
  });
});

describe("without MQTT_HTTP_AUTH_TOKEN", () => {
  let plain: TestApp;
  beforeAll(async () => {
    plain = await createTestApp();
  });
  afterAll(async () => {
    await plain?.close();
  });

  it("serves neither route", async () => {
    for (const url of ["/mqtt/auth", "/mqtt/acl"]) {
      expect((await post(plain.app, url, "{}", emqxHeaders())).status, url).toBe(404);
    }
  });
});

describe("the per-address rate limit", () => {
  let limited: TestApp;
  beforeAll(async () => {
    limited = await createTestApp({
      brokerAuth: { token: TOKEN },
      limits: {
        global: { max: 5, timeWindow: "1 minute" },
        strict: { max: 5, timeWindow: "1 minute" },
        repairIntake: {
          perSerial: { max: 10_000, windowMs: 60 * 60_000 },
          perAddress: { max: 10_000, windowMs: 60 * 60_000 },
        },
      },
    });
  });
  afterAll(async () => {
    await limited?.close();
  });

  it("does not count EMQX's calls, which come from one address at the fleet's rate", async () => {
    const body = JSON.stringify({ clientid: "A1", username: "A1", topic: "vrf/A1/online", action: "publish" });
    for (let i = 0; i < 20; i += 1) expect((await post(limited.app, "/mqtt/acl", body)).status).toBe(200);
    // A portal route from the same address is limited as ever.
    const statuses: number[] = [];
    for (let i = 0; i < 7; i += 1) {
      statuses.push(
        (await limited.app.inject({ method: "POST", url: "/account/acc/login_pwd", payload: {} })).statusCode,
      );
    }
    expect(statuses).toContain(429);
  });
});
