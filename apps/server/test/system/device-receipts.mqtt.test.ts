import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalInstances } from "./helpers/portal-instances.ts";
import { admin, scratchDatabase } from "./helpers/scratch-database.ts";
import type { ServerProcess } from "./helpers/server-process.ts";

// Two portal processes behind one external broker (Mosquitto on CI), and one of them killed in
// the middle of the traffic. The broker acknowledged every message to the devices on arrival, so
// what the killed instance had taken and not written is gone from the broker; the receipts are
// what tells the devices which of their messages to send again (docs/device-protocol.md 4.3).
const { name: database, url: databaseUrl } = scratchDatabase("vrf_receipts");
const instances = portalInstances({ databaseUrl, brokerUrl: process.env.TEST_MQTT_URL as string });

let a: ServerProcess;
let b: ServerProcess;
const clients: MqttClient[] = [];
const DEVICES = 10;
/** A device sends a message again when no receipt came within this long (firmware: seconds more). */
const RESEND_MS = 1_500;

beforeAll(async () => {
  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  a = await instances.start();
  b = await instances.start();
}, 240_000);

afterAll(async () => {
  for (const client of clients) client.end(true);
  await instances.stopAll();
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
});

/** A device as firmware should be: each fault kept until its receipt, sent again until then. */
const receiptingDevice = async (serial: string) => {
  const client = await mqtt.connectAsync(process.env.TEST_MQTT_URL as string, {
    clientId: `${serial}-${instances.group}`,
    reconnectPeriod: 0,
  });
  clients.push(client);
  const waiting = new Map<number, { payload: string; sentAt: number }>();
  client.on("message", (_topic, payload) => {
    const message = JSON.parse(String(payload)) as { type?: string; seqs?: number[] };
    if (message.type === "receipt") for (const seq of message.seqs ?? []) waiting.delete(seq);
  });
  await client.subscribeAsync(deviceTopic(serial, "cmd"), { qos: 1 });
  let seq = Date.now() * 1_000;
  const publish = (payload: string) =>
    client.publishAsync(deviceTopic(serial, "fault"), payload, { qos: 1 }).catch(() => {});
  return {
    waiting,
    raise(code: string) {
      const payload = JSON.stringify({
        v: PROTOCOL_VERSION,
        seq: ++seq,
        ts: Date.now(),
        event: "raised",
        code,
        system: 0,
      });
      waiting.set(seq, { payload, sentAt: Date.now() });
      void publish(payload);
    },
    resendDue() {
      for (const entry of waiting.values()) {
        if (Date.now() - entry.sentAt < RESEND_MS) continue;
        entry.sentAt = Date.now();
        void publish(entry.payload);
      }
    },
  };
};

/**
 * Devices raise faults, ten a second each, and `stop` ends an instance halfway; every fault is
 * receipted in the end, by the instance left, and stored.
 */
const faultsAcrossAStop = async (prefix: string, stop: () => Promise<void>) => {
  const devices = await admin(
    async (client) =>
      (
        await client.query<{ id: string; serial_number: string }>(
          `SELECT d.id, d.serial_number FROM devices d JOIN organisations o ON o.id = d.organisation_id
           WHERE o.name = 'Demo Distributor' AND d.kind = 'himit' ORDER BY d.id LIMIT ${DEVICES}`,
        )
      ).rows,
    databaseUrl,
  );
  expect(devices).toHaveLength(DEVICES);
  const senders = await Promise.all(devices.map((d) => receiptingDevice(d.serial_number)));
  const sent: { deviceId: number; code: string }[] = [];
  const resender = setInterval(() => {
    for (const sender of senders) sender.resendDue();
  }, 250);
  try {
    let stopped: Promise<void> | null = null;
    for (let n = 0; n < 40; n++) {
      senders.forEach((sender, d) => {
        const code = `${prefix}${d}-${n}`;
        sender.raise(code);
        sent.push({ deviceId: Number(devices[d]?.id), code });
      });
      if (n === 20) stopped = stop();
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    await stopped;
    await expect
      .poll(() => senders.reduce((n, sender) => n + sender.waiting.size, 0), { timeout: 30_000, interval: 250 })
      .toBe(0);
  } finally {
    clearInterval(resender);
  }
  const stored = await admin(
    async (client) =>
      new Set(
        (
          await client.query<{ device_id: string; code: string }>(
            "SELECT device_id, code FROM faults WHERE device_id = ANY($1::bigint[]) AND code LIKE $2",
            [devices.map((d) => Number(d.id)), `${prefix}%`],
          )
        ).rows.map((r) => `${r.device_id}:${r.code}`),
      ),
    databaseUrl,
  );
  expect(sent.filter((s) => !stored.has(`${s.deviceId}:${s.code}`))).toEqual([]);
};

describe("an instance stopped behind an external broker", () => {
  it("killed: loses no fault, since what it took and did not write is sent again, unreceipted, and the other writes it", async () => {
    await faultsAcrossAStop("X", async () => {
      a.child.kill("SIGKILL");
      await a.exited;
    });
    // B is still there and took its share after A went.
    expect((await instances.linkStats(b)).written).toBeGreaterThan(0);
  }, 120_000);

  it("stopped with SIGTERM: exits 0 within its drain time and loses no fault", async () => {
    const c = await instances.start();
    await faultsAcrossAStop("Y", async () => {
      const signalled = Date.now();
      b.child.kill("SIGTERM");
      expect(await b.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(10_000 + 5_000);
    });
    expect((await instances.linkStats(c)).written).toBeGreaterThan(0);
  }, 240_000);
});
