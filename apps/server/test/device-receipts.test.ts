import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { connectDevice } from "./helpers/device-client.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let port: number;
let serial: string;
let password: string;
let seq = 9_000;
const nextSeq = () => ++seq;

beforeAll(async () => {
  t = await createTestApp({ deviceLink: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  const row = await t.db
    .selectFrom("devices")
    .where("kind", "=", "himit")
    .select(["id", "serial_number"])
    .orderBy("id")
    .offset(2)
    .limit(1)
    .executeTakeFirstOrThrow();
  serial = row.serial_number;
  ({ password } = await t.app.services.deviceCredentials.issueFor({ id: Number(row.id), serialNumber: serial }, null));
});
afterAll(() => t?.close());

describe("receipts (docs/device-protocol.md section 4.3)", () => {
  it("confirm a device's faults once written, a repeat again, and nothing a later report repeats", async () => {
    const device = await connectDevice({ port, deviceId: serial, password });
    const receipts: number[][] = [];
    device.client.on("message", (topic, payload) => {
      const message = JSON.parse(String(payload)) as { type?: string; seqs?: number[] };
      if (topic === deviceTopic(serial, "cmd") && message.type === "receipt") receipts.push(message.seqs ?? []);
    });
    const raised = nextSeq();
    const status = nextSeq();
    await device.publish("fault", { event: "raised", code: "R01", system: 0 }, raised);
    await device.publish("status", { state: "online" }, status);
    await expect.poll(() => receipts.flat()).toContain(raised);
    expect(receipts.flat()).not.toContain(status);

    // The same message again (its receipt was lost, say): dropped as a repeat, and confirmed again.
    const before = receipts.length;
    await device.client.publishAsync(
      deviceTopic(serial, "fault"),
      JSON.stringify({ v: PROTOCOL_VERSION, seq: raised, ts: Date.now(), event: "raised", code: "R01", system: 0 }),
      { qos: 1 },
    );
    await expect.poll(() => receipts.slice(before).flat()).toContain(raised);
    const faults = await t.db.selectFrom("faults").where("code", "=", "R01").select("id").execute();
    expect(faults).toHaveLength(1);
    await device.client.endAsync();
  });
});
