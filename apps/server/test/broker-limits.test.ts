import { once } from "node:events";
import { connect, type Socket } from "node:net";
import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import mqttPacket from "mqtt-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  CONNECT_DEADLINE_MS,
  FAILED_SIGN_INS,
  PACKET_LIMIT,
  SIGN_IN_PACKET_LIMIT,
} from "../src/devices/mqtt-packet-limits.ts";
import type { DropReason } from "../src/devices/traffic-counters.ts";
import { connectDevice, indoorSnapshot } from "./helpers/device-client.ts";
import { type SeededDevice, seededHiMit } from "./helpers/seeded-devices.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let port: number;
let seq = 5_000_000;
const nextSeq = () => ++seq;

type Device = SeededDevice;
/** The `nth` Hi-Mit with indoor units, with a password issued for it. */
const deviceOf = (nth: number) => seededHiMit(t, { nth });

const dropped = () => t.app.deviceLink?.counters.snapshot().dropped as Record<DropReason, number>;
const snapshotsOf = async (deviceId: number) =>
  Number(
    (
      await t.db
        .selectFrom("telemetry_snapshots")
        .where("device_id", "=", deviceId)
        .select((eb) => eb.fn.countAll().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** MQTT's Remaining Length bytes for `value`. */
const remainingLength = (value: number) => {
  const bytes: number[] = [];
  let rest = value;
  do {
    const low = rest % 128;
    rest = Math.floor(rest / 128);
    bytes.push(rest > 0 ? low | 0x80 : low);
  } while (rest > 0);
  return bytes;
};

/**
 * A connection driven byte by byte: every packet is written by the test. `from` is the local
 * address (any of 127.0.0.0/8), so a test has an address of its own for the per-address limit.
 */
const rawConnection = async (from = "127.0.0.1") => {
  const socket: Socket = connect({ port, host: "127.0.0.1", localAddress: from });
  socket.setNoDelay(true);
  socket.on("error", () => {});
  await once(socket, "connect");
  const packets: mqttPacket.Packet[] = [];
  const parser = mqttPacket.parser();
  parser.on("packet", (packet) => packets.push(packet));
  socket.on("data", (chunk: Buffer) => parser.parse(chunk));
  const closedAt = new Promise<number>((resolve) => socket.once("close", () => resolve(Date.now())));
  const write = (bytes: Uint8Array) =>
    new Promise<void>((resolve) => {
      if (socket.destroyed) return resolve();
      socket.write(bytes, () => resolve());
    });
  return {
    socket,
    packets,
    closedAt,
    write,
    /** The first packet of `cmd` the broker sent, waited for. */
    async received<T extends mqttPacket.Packet>(cmd: T["cmd"]): Promise<T> {
      await expect.poll(() => packets.some((p) => p.cmd === cmd), { timeout: 10_000 }).toBe(true);
      return packets.find((p) => p.cmd === cmd) as T;
    },
  };
};

const connectPacket = (clientId: string, password: string) =>
  mqttPacket.generate({
    cmd: "connect",
    protocolId: "MQTT",
    protocolVersion: 4,
    clean: true,
    keepalive: 60,
    clientId,
    username: clientId,
    password: Buffer.from(password),
    will: {
      topic: deviceTopic(clientId, "online"),
      payload: Buffer.from(JSON.stringify({ v: PROTOCOL_VERSION, seq: nextSeq(), ts: Date.now(), online: false })),
      qos: 1,
      retain: true,
    },
  });

/** Signs in over a raw connection and answers CONNACK's return code. */
const signIn = async (clientId: string, password: string, from?: string) => {
  const connection = await rawConnection(from);
  await connection.write(connectPacket(clientId, password));
  const connack = await connection.received<mqttPacket.IConnackPacket>("connack");
  return { connection, returnCode: connack.returnCode };
};

const telemetryPublish = (device: Device, messageId: number) =>
  mqttPacket.generate({
    cmd: "publish",
    topic: deviceTopic(device.serial, "telemetry"),
    payload: Buffer.from(
      JSON.stringify({
        v: PROTOCOL_VERSION,
        seq: nextSeq(),
        ts: Date.now(),
        system: device.system,
        outdoor: [],
        indoor: [indoorSnapshot(3)],
      }),
    ),
    qos: 1,
    messageId,
    retain: false,
    dup: false,
  });

let big: Device;
let normal: Device;
let slow: Device;
let locked: Device;
let behindAddress: Device;

beforeAll(async () => {
  t = await createTestApp({ deviceLink: true });
  await t.app.listen({ port: 0, host: "127.0.0.1" });
  port = t.app.deviceLink?.brokerPort as number;
  [big, normal, slow, locked, behindAddress] = await Promise.all([
    deviceOf(0),
    deviceOf(1),
    deviceOf(2),
    deviceOf(3),
    deviceOf(4),
  ]);
});
afterAll(() => t?.close());

describe("the embedded broker's packet limits", () => {
  it("uses limits a device's sign-in and largest message fit in", () => {
    expect(SIGN_IN_PACKET_LIMIT).toBe(4096);
    expect(PACKET_LIMIT).toBe(65_536 + 1024);
  });

  it("closes a signed-in connection whose PUBLISH announces more than the limit, writes nothing, and serves a device alongside", async () => {
    const start = { ...dropped() };
    const bigBefore = await snapshotsOf(big.id);
    const normalBefore = await snapshotsOf(normal.id);
    const good = await connectDevice({ port, deviceId: normal.serial, password: normal.password, willSeq: nextSeq() });

    const { connection, returnCode } = await signIn(big.serial, big.password);
    expect(returnCode).toBe(0);
    // A telemetry PUBLISH announcing 10 MB, then its first 256 kB: the broker hangs up at the header.
    await connection.write(Buffer.from([0x32, ...remainingLength(10_000_000)]));
    void connection.write(Buffer.alloc(256 * 1024, 0x20));
    await connection.closedAt;
    await expect.poll(() => dropped().tooLarge).toBe(start.tooLarge + 1);

    // The device alongside goes on being written.
    await good.publish("telemetry", { system: normal.system, outdoor: [], indoor: [indoorSnapshot(2)] }, nextSeq());
    await expect.poll(() => snapshotsOf(normal.id)).toBe(normalBefore + 1);
    await t.app.deviceLink?.writer.flush();
    expect(await snapshotsOf(big.id)).toBe(bigBefore);
    await good.client.endAsync();

    // The largest payload a device may send still goes through (JSON, padded with spaces).
    const again = await signIn(big.serial, big.password);
    expect(again.returnCode).toBe(0);
    const largest = Buffer.alloc(65_536, 0x20);
    largest.write(JSON.stringify({ v: PROTOCOL_VERSION, seq: nextSeq(), ts: Date.now(), state: "online" }));
    const atLimit = mqttPacket.generate({
      cmd: "publish",
      topic: deviceTopic(big.serial, "status"),
      payload: largest,
      qos: 1,
      messageId: 2,
      retain: false,
      dup: false,
    });
    await again.connection.write(atLimit);
    const puback = await again.connection.received<mqttPacket.IPubackPacket>("puback");
    expect(puback.messageId).toBe(2);
    expect(dropped().tooLarge).toBe(start.tooLarge + 1);
    again.connection.socket.destroy();
  });

  it("closes before sign-in a CONNECT announcing more than the sign-in limit, and a first packet that is not CONNECT", async () => {
    const start = { ...dropped() };
    const huge = await rawConnection();
    await huge.write(Buffer.from([0x10, ...remainingLength(10_000_000)]));
    void huge.write(Buffer.alloc(256 * 1024));
    await huge.closedAt;
    expect(huge.packets).toEqual([]);
    expect(dropped().tooLarge).toBe(start.tooLarge + 1);

    const publishFirst = await rawConnection();
    await publishFirst.write(telemetryPublish(big, 1));
    await publishFirst.closedAt;
    expect(publishFirst.packets).toEqual([]);
    expect(dropped().badPacket).toBe(start.badPacket + 1);
  });

  it("takes a CONNECT and a PUBLISH written one byte at a time", async () => {
    const before = await snapshotsOf(slow.id);
    const connection = await rawConnection();
    for (const byte of connectPacket(slow.serial, slow.password)) await connection.write(Buffer.from([byte]));
    expect((await connection.received<mqttPacket.IConnackPacket>("connack")).returnCode).toBe(0);
    for (const byte of telemetryPublish(slow, 9)) await connection.write(Buffer.from([byte]));
    expect((await connection.received<mqttPacket.IPubackPacket>("puback")).messageId).toBe(9);
    await t.app.deviceLink?.writer.flush();
    await expect.poll(() => snapshotsOf(slow.id)).toBe(before + 1);
    connection.socket.destroy();
  });
});

describe("the sign-in deadline", () => {
  it("closes a connection that sends nothing, and one that sends half a CONNECT, after the deadline", async () => {
    const openedAt = Date.now();
    const silent = await rawConnection();
    const half = await rawConnection();
    const signInPacket = connectPacket(slow.serial, slow.password);
    await half.write(signInPacket.subarray(0, Math.floor(signInPacket.length / 2)));
    const [silentClosed, halfClosed] = await Promise.all([silent.closedAt, half.closedAt]);
    for (const closedAt of [silentClosed, halfClosed]) {
      expect(closedAt - openedAt).toBeGreaterThanOrEqual(CONNECT_DEADLINE_MS - 50);
      expect(closedAt - openedAt).toBeLessThan(CONNECT_DEADLINE_MS + 3_000);
    }
    expect([...silent.packets, ...half.packets]).toEqual([]);
  });
});

describe("failed sign-ins", () => {
  it(`refuses an address with ${FAILED_SIGN_INS.perAddress} failures in the window with code 5, even with the right secret; other addresses still sign in`, async () => {
    const from = "127.0.0.7";
    for (let i = 0; i < FAILED_SIGN_INS.perAddress; i++) {
      // Each an id of its own, so only the address's count reaches its limit.
      const attempt = await signIn(`NOSUCH-${i}`, "guess", from);
      expect(attempt.returnCode).toBe(4);
      attempt.connection.socket.destroy();
    }
    const refused = await signIn(behindAddress.serial, behindAddress.password, from);
    expect(refused.returnCode).toBe(5);
    await refused.connection.closedAt;
    const elsewhere = await signIn(behindAddress.serial, behindAddress.password, "127.0.0.8");
    expect(elsewhere.returnCode).toBe(0);
    elsewhere.connection.socket.destroy();
  });

  it(`refuses a client id with ${FAILED_SIGN_INS.perClientId} failures in the window with code 5, from any address, even with the right secret`, async () => {
    for (let i = 0; i < FAILED_SIGN_INS.perClientId; i++) {
      const attempt = await signIn(locked.serial, "wrong", `127.0.1.${i + 1}`);
      expect(attempt.returnCode).toBe(4);
      attempt.connection.socket.destroy();
    }
    const refused = await signIn(locked.serial, locked.password, "127.0.2.1");
    expect(refused.returnCode).toBe(5);
    refused.connection.socket.destroy();
    // Another device from the same addresses is not affected.
    const other = await signIn(slow.serial, slow.password, "127.0.1.1");
    expect(other.returnCode).toBe(0);
    other.connection.socket.destroy();
  });
});
