import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import WebSocket from "ws";
import { portalInstances } from "./helpers/portal-instances.ts";
import { admin, scratchDatabase } from "./helpers/scratch-database.ts";
import type { ServerProcess } from "./helpers/server-process.ts";

// Two portal processes on one PostgreSQL database and one external broker (Mosquitto on CI),
// splitting the device traffic through a shared subscription of their own.
const { name: database, url: databaseUrl } = scratchDatabase("vrf_scale");
const brokerUrl = process.env.TEST_MQTT_URL as string;
const instances = portalInstances({ databaseUrl, brokerUrl });
const { group, linkStats } = instances;
const start = instances.start;

let a: ServerProcess;
let b: ServerProcess;
const devices: MqttClient[] = [];

const post = async <T>(server: ServerProcess, path: string, body: unknown, token?: string) =>
  (await (
    await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json()) as { errorCode: number; data: T };

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await start();
  b = await start();
});

afterAll(async () => {
  for (const device of devices) device.end(true);
  await instances.stopAll();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

describe("two instances on one database and one broker", () => {
  it("write each device message exactly once, and a socket on one hears what the other ingested", async () => {
    const serials = await admin(
      async (client) =>
        (
          await client.query<{ id: string; serial_number: string }>(
            `UPDATE devices SET status = 'offline' WHERE id IN (
               SELECT d.id FROM devices d JOIN organisations o ON o.id = d.organisation_id
               WHERE o.name = 'Demo Distributor' AND d.kind = 'himit' ORDER BY d.id LIMIT 20)
             RETURNING id, serial_number`,
          )
        ).rows,
      databaseUrl,
    );
    expect(serials).toHaveLength(20);

    // A distributor's live socket on instance B.
    const login = await post<{ accessToken: string }>(b, "/account/acc/login_pwd", {
      email: "distributor@example.com",
      password: "Demo1234",
    });
    const module = await post<{ token: string }>(
      b,
      "/hmt-web/himit-checker/sys/login",
      { accessToken: login.data.accessToken, authorityNum: 2 },
      login.data.accessToken,
    );
    const customer = await post<{ customerId: string }>(
      b,
      "/hmt-web/himit-checker/sys/authority",
      {},
      module.data.token,
    );
    const socket = new WebSocket(
      `ws://127.0.0.1:${b.port}/server/control/${customer.data.customerId}/tab?token=${module.data.token}`,
      { headers: { origin: `http://localhost:${b.port}` } },
    );
    const heard = new Map<number, string>();
    socket.on("message", (data) => {
      const message = JSON.parse(String(data)) as { payload?: { type: string; deviceId: number; status: string } };
      if (message.payload?.type === "deviceState") heard.set(message.payload.deviceId, message.payload.status);
    });
    await new Promise((resolve, reject) => {
      socket.once("open", resolve);
      socket.once("error", reject);
    });

    // Each device: one status report, then, once every device has sent its own, the same message
    // again (a QoS 1 redelivery). The copies go out in two rounds because the broker hands a
    // shared subscription's messages round-robin: sent back to back, each message and its copy
    // would alternate between the instances, and one instance could write all twenty.
    const before = { a: await linkStats(a), b: await linkStats(b) };
    const sent: Array<{ client: MqttClient; topic: string; message: string }> = [];
    for (const [i, { serial_number }] of serials.entries()) {
      const client = await mqtt.connectAsync(brokerUrl, { clientId: `${serial_number}-${group}`, reconnectPeriod: 0 });
      devices.push(client);
      const message = JSON.stringify({ v: PROTOCOL_VERSION, seq: 5_000 + i, ts: Date.now(), state: "grabbing" });
      sent.push({ client, topic: deviceTopic(serial_number, "status"), message });
    }
    // The copies go out once every first copy is written, not only received: a copy that reached
    // the other instance before the first was committed would be written there instead.
    const total = async (field: "received" | "written") =>
      (await linkStats(a))[field] + (await linkStats(b))[field] - before.a[field] - before.b[field];
    for (const round of [1, 2]) {
      for (const { client, topic, message } of sent) await client.publishAsync(topic, message, { qos: 1 });
      if (round === 1) await expect.poll(() => total("written"), { timeout: 20_000 }).toBeGreaterThanOrEqual(20);
    }
    await expect.poll(() => total("received"), { timeout: 20_000 }).toBe(40);
    // Received is counted on arrival; a copy is counted as a duplicate only when the batch that
    // holds it commits, up to the writer's batch delay later.
    const duplicates = async () =>
      (await linkStats(a)).dropped.duplicate +
      (await linkStats(b)).dropped.duplicate -
      before.a.dropped.duplicate -
      before.b.dropped.duplicate;
    await expect.poll(duplicates, { timeout: 20_000 }).toBe(20);

    const ids = serials.map((s) => Number(s.id));
    await expect.poll(() => ids.filter((id) => heard.get(id) === "grabbing").length, { timeout: 20_000 }).toBe(20);
    const after = { a: await linkStats(a), b: await linkStats(b) };
    const wrote = { a: after.a.written - before.a.written, b: after.b.written - before.b.written };
    // Each copy reached one instance; together they wrote every message once.
    expect(after.a.received - before.a.received + after.b.received - before.b.received).toBe(40);
    expect(wrote.a + wrote.b).toBe(20);
    expect(await duplicates()).toBe(20);
    // Both took part, so B's socket heard events that A ingested.
    expect(wrote.a).toBeGreaterThan(0);
    expect(wrote.b).toBeGreaterThan(0);

    const rows = await admin(
      async (client) =>
        (
          await client.query<{ n: number }>(
            "SELECT count(*)::int AS n FROM device_message_ids WHERE device_id = ANY($1::bigint[])",
            [ids],
          )
        ).rows[0]?.n,
      databaseUrl,
    );
    // A device met for the first time is judged by the ids too (seen-messages.repository): one
    // row per device; each window holds the device's seq, against which the copy was judged.
    expect(rows).toBe(20);
    const tops = await admin(
      async (client) =>
        new Map(
          (
            await client.query<{ device_id: string; top: string }>(
              "SELECT device_id, top FROM device_seq_windows WHERE device_id = ANY($1::bigint[])",
              [ids],
            )
          ).rows.map((r) => [Number(r.device_id), Number(r.top)]),
        ),
      databaseUrl,
    );
    expect(ids.map((id) => tops.get(id))).toEqual(ids.map((_, i) => 5_000 + i));
    socket.close();
  });
});
