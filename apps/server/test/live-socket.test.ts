import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let base: string;
beforeAll(async () => {
  t = await createTestApp();
  const address = await t.app.listen({ port: 0, host: "127.0.0.1" });
  base = address.replace(/^http/, "ws");
});
afterAll(() => t.close());

const open = (path: string) =>
  new Promise<{ socket: WebSocket; messages: string[]; closed: Promise<number> }>((resolve, reject) => {
    const socket = new WebSocket(`${base}${path}`);
    const messages: string[] = [];
    const closed = new Promise<number>((done) => socket.on("close", (code) => done(code)));
    socket.on("message", (data) => messages.push(String(data)));
    socket.on("open", () => resolve({ socket, messages, closed }));
    socket.on("error", reject);
  });

const customerOf = async (token: string) =>
  (await t.post<{ customerId: string }>("/hmt-web/himit-checker/sys/authority", {}, token)).body.data.customerId;

describe("live-control socket", () => {
  it("accepts a Hi-Checker session of that customer and delivers its messages", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    const customerId = await customerOf(token);
    const { socket, messages } = await open(`/server/control/${customerId}/tab-1?token=${token}`);
    socket.send("HeartBeat");
    await expect.poll(() => t.app.services.live.size()).toBe(1);
    expect(t.app.services.live.publish(customerId, { type: "ackTimeout", wifiId: "HC-1" })).toBe(1);
    await expect.poll(() => messages.length).toBe(1);
    expect(JSON.parse(messages[0] as string)).toEqual({ type: "ackTimeout", wifiId: "HC-1" });
    socket.close();
  });

  it("closes sockets of another customer, of a session outside a module and without a token", async () => {
    const token = await t.moduleToken("checker@example.com", 5);
    const other = await open(`/server/control/999999/tab-2?token=${token}`);
    expect(await other.closed).toBe(4401);
    const { accessToken, customerId } = await t.login("distributor@example.com");
    expect(await (await open(`/server/control/${customerId}/tab-3?token=${accessToken}`)).closed).toBe(4401);
    expect(await (await open(`/server/control/${customerId}/tab-4`)).closed).toBe(4401);
  });

  it("accepts a Distributor Cloud session, which receives device events of its scope", async () => {
    const distributor = await t.moduleToken("distributor@example.com", 2);
    const customerId = await customerOf(distributor);
    const before = t.app.services.live.size();
    const { socket } = await open(`/server/control/${customerId}/tab-6?token=${distributor}`);
    await expect.poll(() => t.app.services.live.size()).toBe(before + 1);
    socket.close();
  });

  it("delivers a Hi-Checker session the events of its scope's checkers, and no other device's", async () => {
    const ids = async (organisation: string, kind: "checker" | "himit") =>
      (
        await t.db
          .selectFrom("devices as d")
          .innerJoin("organisations as o", "o.id", "d.organisation_id")
          .where("o.name", "=", organisation)
          .where("d.kind", "=", kind)
          .select(["d.id", "d.organisation_id"])
          .orderBy("d.id")
          .execute()
      ).map((r) => ({ deviceId: Number(r.id), organisationId: Number(r.organisation_id) }));
    const [ownChecker] = await ids("Demo Distributor", "checker");
    const [ownHiMit] = await ids("Demo Distributor", "himit");
    const [subChecker, boundChecker] = await ids("Demo Sub-distributor", "checker");
    const engineerId = Number(
      (
        await t.db
          .selectFrom("accounts")
          .where("email", "=", "checker@example.com")
          .select("id")
          .executeTakeFirstOrThrow()
      ).id,
    );
    await t.db
      .insertInto("device_bound_users")
      .values({ device_id: boundChecker?.deviceId as number, account_id: engineerId })
      .execute();

    const token = await t.moduleToken("checker@example.com", 5);
    const customerId = await customerOf(token);
    const { socket, messages } = await open(`/server/control/${customerId}/tab-7?token=${token}`);
    socket.send("HeartBeat");
    await expect.poll(() => t.app.services.live.size()).toBeGreaterThan(0);
    const live = t.app.services.live;
    const publish = (event: { deviceId: number; organisationId: number } | undefined) =>
      live.publishDeviceEvent(event as { deviceId: number; organisationId: number }, {
        type: "deviceState",
        payload: { deviceId: event?.deviceId },
      });
    const received = () => messages.map((m) => (JSON.parse(m) as { payload: { deviceId: number } }).payload.deviceId);
    // What must not arrive goes first: one socket delivers in order, so once the last event is
    // there, anything sent before it would be too.
    await publish(ownHiMit);
    await publish(subChecker);
    await publish(ownChecker);
    await publish(boundChecker);
    await expect.poll(received).toEqual([ownChecker?.deviceId, boundChecker?.deviceId]);
    socket.close();
  });

  it("closes the socket when its sign-in ends", async () => {
    const { accessToken } = await t.login("checker@example.com");
    const token = (
      await t.post<{ token: string }>("/hmt-web/himit-checker/sys/login", { accessToken, authorityNum: 5 })
    ).body.data.token;
    const customerId = await customerOf(token);
    const { socket, closed } = await open(`/server/control/${customerId}/tab-5?token=${token}`);
    socket.send("HeartBeat");
    await expect.poll(() => t.app.services.live.size()).toBeGreaterThan(0);
    await t.post("/account/acc/logout", { accessToken });
    expect(await closed).toBe(4401);
  });
});
