import { once } from "node:events";
import { type AddressInfo, connect, createServer, type Server, type Socket } from "node:net";
import mqttPacket from "mqtt-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  createFailureCounter,
  GuardedConnection,
  PACKET_LIMIT,
  PacketHeaderScanner,
  type PacketRefusal,
  SCAN_MALFORMED,
  SCAN_NOT_CONNECT,
  SCAN_TOO_LARGE,
  SIGN_IN_PACKET_LIMIT,
} from "./mqtt-packet-limits.ts";

const connectPacket = (over: Record<string, unknown> = {}) =>
  mqttPacket.generate({
    cmd: "connect",
    protocolId: "MQTT",
    protocolVersion: 4,
    clean: true,
    keepalive: 30,
    clientId: "HM-000123",
    username: "HM-000123",
    password: Buffer.from("a-device-secret-of-some-length"),
    will: {
      topic: "vrf/HM-000123/online",
      payload: Buffer.from(JSON.stringify({ v: 1, seq: 9_007_199_254_740_991, ts: Date.now(), online: false })),
      qos: 1,
      retain: true,
    },
    ...over,
  } as mqttPacket.IConnectPacket);

const publishPacket = (payloadBytes: number, topic = "vrf/HM-000123/telemetry") =>
  mqttPacket.generate({
    cmd: "publish",
    topic,
    payload: Buffer.alloc(payloadBytes, 0x20),
    qos: 1,
    messageId: 7,
    retain: false,
    dup: false,
  });

const pingreq = () => mqttPacket.generate({ cmd: "pingreq" });

/** A fixed header alone: type nibble and the Remaining Length's bytes as given. */
const header = (type: number, ...lengthBytes: number[]) => Buffer.from([type << 4, ...lengthBytes]);

/** Remaining Length as MQTT encodes it. */
const varint = (value: number) => {
  const bytes: number[] = [];
  let rest = value;
  do {
    let byte = rest % 128;
    rest = Math.floor(rest / 128);
    if (rest > 0) byte |= 0x80;
    bytes.push(byte);
  } while (rest > 0);
  return bytes;
};

describe("PacketHeaderScanner", () => {
  it("passes a signed-in connection's traffic whole, packet after packet", () => {
    const scanner = new PacketHeaderScanner(PACKET_LIMIT);
    const stream = Buffer.concat([connectPacket(), publishPacket(10), pingreq(), publishPacket(65_536)]);
    expect(scanner.scan(stream)).toBe(stream.length);
    expect(scanner.packets).toBe(4);
  });

  it("reads headers split anywhere: one byte at a time gives the same as one chunk", () => {
    const stream = Buffer.concat([connectPacket(), publishPacket(300), pingreq(), publishPacket(20_000)]);
    const scanner = new PacketHeaderScanner(PACKET_LIMIT);
    for (let i = 0; i < stream.length; i++) expect(scanner.scan(stream.subarray(i, i + 1))).toBe(1);
    expect(scanner.packets).toBe(4);
    // And at every split point of two chunks.
    for (let cut = 0; cut <= stream.length; cut += 97) {
      const halves = new PacketHeaderScanner(PACKET_LIMIT);
      halves.scan(stream.subarray(0, cut));
      halves.scan(stream.subarray(cut));
      expect(halves.packets).toBe(4);
    }
  });

  it("refuses a remaining length over the limit as soon as its last length byte is read", () => {
    const scanner = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    // 100 MB announced, then the first byte of a body that is never looked at.
    const announced = Buffer.concat([header(1, ...varint(100_000_000)), Buffer.from([0])]);
    expect(scanner.scan(announced.subarray(0, 3))).toBe(3);
    expect(scanner.scan(announced.subarray(3))).toBe(SCAN_TOO_LARGE);
    expect(scanner.length).toBe(100_000_000);

    const atLimit = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    expect(atLimit.scan(header(1, ...varint(SIGN_IN_PACKET_LIMIT)))).toBe(3);
    const overLimit = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    expect(overLimit.scan(header(1, ...varint(SIGN_IN_PACKET_LIMIT + 1)))).toBe(SCAN_TOO_LARGE);
  });

  it("takes the largest payload after sign-in, and not one byte more in a packet that carries it", () => {
    const scanner = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    const signIn = connectPacket();
    expect(scanner.scan(signIn)).toBe(signIn.length);
    scanner.limit = PACKET_LIMIT;
    const largest = publishPacket(65_536);
    expect(scanner.scan(largest)).toBe(largest.length);
    expect(scanner.scan(publishPacket(70_000))).toBe(SCAN_TOO_LARGE);
  });

  it("refuses a Remaining Length of five bytes as malformed, and takes the four-byte maximum", () => {
    const scanner = new PacketHeaderScanner(Number.MAX_SAFE_INTEGER);
    expect(scanner.scan(header(1, 0x80, 0x80, 0x80, 0x80, 0x01))).toBe(SCAN_MALFORMED);
    const split = new PacketHeaderScanner(Number.MAX_SAFE_INTEGER);
    expect(split.scan(header(1, 0xff, 0xff))).toBe(3);
    expect(split.scan(Buffer.from([0xff, 0x80]))).toBe(SCAN_MALFORMED);
    const largest = new PacketHeaderScanner(Number.MAX_SAFE_INTEGER);
    expect(largest.scan(header(1, 0xff, 0xff, 0xff, 0x7f))).toBe(5);
    expect(largest.length).toBe(268_435_455);
  });

  it("refuses anything but CONNECT first, and only first", () => {
    expect(new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT).scan(publishPacket(1))).toBe(SCAN_NOT_CONNECT);
    expect(new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT).scan(pingreq())).toBe(SCAN_NOT_CONNECT);
    const scanner = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    const stream = Buffer.concat([connectPacket(), pingreq()]);
    expect(scanner.scan(stream)).toBe(stream.length);
  });

  it("stops right after the packet that ends, when asked, and goes on from there", () => {
    const signIn = connectPacket();
    const stream = Buffer.concat([signIn, publishPacket(10), pingreq()]);
    const scanner = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    expect(scanner.scan(stream, 0, true)).toBe(signIn.length);
    expect(scanner.packets).toBe(1);
    expect(scanner.scan(stream, signIn.length)).toBe(stream.length);
    expect(scanner.packets).toBe(3);
    // A packet with no body ends at its header.
    const empty = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
    expect(empty.scan(Buffer.concat([header(1, 0), pingreq()]), 0, true)).toBe(2);
  });

  it("fits a device's CONNECT with its will in the sign-in limit with room to spare", () => {
    const longest = connectPacket({
      clientId: "x".repeat(64),
      username: "x".repeat(64),
      password: Buffer.alloc(128, 0x41),
      will: {
        topic: `vrf/${"x".repeat(64)}/online`,
        payload: Buffer.from(
          JSON.stringify({
            v: 1,
            seq: 9_007_199_254_740_991,
            ts: 8_640_000_000_000,
            online: false,
            firmware: "x".repeat(32),
          }),
        ),
        qos: 1,
        retain: true,
      },
    });
    expect(longest.length).toBeLessThan(SIGN_IN_PACKET_LIMIT / 4);
  });
});

describe("createFailureCounter", () => {
  it("refuses a key at its maximum of failures until its window, opened by the first failure, ends", () => {
    let now = 1_000;
    const counter = createFailureCounter({ max: 3, windowMs: 60_000, now: () => now });
    counter.failed("a");
    now += 30_000;
    counter.failed("a");
    expect(counter.refuses("a")).toBe(false);
    counter.failed("a");
    expect(counter.refuses("a")).toBe(true);
    expect(counter.refuses("b")).toBe(false);
    now = 1_000 + 59_999;
    expect(counter.refuses("a")).toBe(true);
    now = 1_000 + 60_000;
    expect(counter.refuses("a")).toBe(false);
    // A failure after the window opens a new one from one.
    counter.failed("a");
    expect(counter.refuses("a")).toBe(false);
  });

  it("stays bounded under a flood of distinct keys, keeping the newest", () => {
    const now = 0;
    const counter = createFailureCounter({ max: 1, windowMs: 60_000, now: () => now, maxKeys: 1_000 });
    for (let i = 0; i < 100_000; i++) counter.failed(`random-${i}`);
    expect(counter.size()).toBeLessThanOrEqual(1_000);
    expect(counter.refuses("random-99999")).toBe(true);
    expect(counter.refuses("random-0")).toBe(false);
  });

  it("drops closed windows first when full", () => {
    let now = 0;
    const counter = createFailureCounter({ max: 1, windowMs: 1_000, now: () => now, maxKeys: 10 });
    for (let i = 0; i < 5; i++) counter.failed(`old-${i}`);
    now = 500;
    for (let i = 0; i < 5; i++) counter.failed(`new-${i}`);
    now = 1_200;
    counter.failed("newest");
    expect(counter.size()).toBe(6);
    for (let i = 0; i < 5; i++) expect(counter.refuses(`new-${i}`)).toBe(true);
  });
});

describe("GuardedConnection", () => {
  let server: Server;
  let port: number;
  const accepted: Socket[] = [];

  beforeAll(async () => {
    server = createServer((socket) => accepted.push(socket));
    server.listen(0, "127.0.0.1");
    await once(server, "listening");
    port = (server.address() as AddressInfo).port;
  });
  afterAll(async () => {
    for (const socket of accepted) socket.destroy();
    await new Promise<void>((resolve) => server.close(() => resolve()));
  });

  /** A client socket and the server side of it behind a guard that collects what it lets through. */
  const pair = async () => {
    const count = accepted.length;
    const client = connect(port, "127.0.0.1");
    client.on("error", () => {});
    await once(client, "connect");
    await expect.poll(() => accepted.length).toBe(count + 1);
    const refusals: PacketRefusal[] = [];
    const guard = new GuardedConnection(accepted[count] as Socket, (refusal) => refusals.push(refusal));
    guard.on("error", () => {});
    const read: Buffer[] = [];
    guard.on("data", (chunk: Buffer) => read.push(chunk));
    const clientClosed = new Promise<void>((resolve) => client.once("close", () => resolve()));
    return { client, guard, refusals, read: () => Buffer.concat(read), clientClosed };
  };

  it("lets a CONNECT through, holds what follows until sign-in, then passes full-size packets", async () => {
    const { client, guard, read } = await pair();
    const signIn = connectPacket();
    const after = Buffer.concat([publishPacket(10_000), pingreq()]);
    client.write(Buffer.concat([signIn, after]));
    await expect.poll(() => read().length).toBe(signIn.length);
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(read().length).toBe(signIn.length);
    guard.signedIn("HM-000123");
    await expect.poll(() => read().length).toBe(signIn.length + after.length);
    expect(read().equals(Buffer.concat([signIn, after]))).toBe(true);
    // Writes reach the client.
    const got = once(client, "data");
    guard.write(Buffer.from([0x20, 0x02, 0x00, 0x00]));
    expect([...((await got)[0] as Buffer)]).toEqual([0x20, 0x02, 0x00, 0x00]);
    client.destroy();
  });

  it("closes a connection whose CONNECT announces more than the sign-in limit, reading none of its body", async () => {
    const { client, guard, refusals, read, clientClosed } = await pair();
    client.write(header(1, ...varint(100_000_000)));
    client.write(Buffer.alloc(64 * 1024));
    await clientClosed;
    expect(guard.destroyed).toBe(true);
    expect(read().length).toBe(0);
    expect(refusals).toEqual([{ reason: "tooLarge", who: "127.0.0.1", detail: "CONNECT announcing 100000000 bytes" }]);
  });

  it("closes a connection whose first packet is not CONNECT", async () => {
    const { client, refusals, clientClosed } = await pair();
    client.write(publishPacket(10));
    await clientClosed;
    expect(refusals.map((r) => r.reason)).toEqual(["notConnect"]);
  });

  it("after sign-in, closes on a packet over the limit and names the signed-in client", async () => {
    const { client, guard, refusals, read, clientClosed } = await pair();
    const signIn = connectPacket();
    client.write(signIn);
    await expect.poll(() => read().length).toBe(signIn.length);
    guard.signedIn("HM-000123");
    const big = publishPacket(70_000);
    client.write(big.subarray(0, 3));
    await new Promise((resolve) => setTimeout(resolve, 20));
    client.write(big.subarray(3));
    await clientClosed;
    expect(refusals).toEqual([
      { reason: "tooLarge", who: "HM-000123", detail: `PUBLISH announcing ${big.length - 4} bytes` },
    ]);
    // The header's first bytes passed while it was incomplete; none of the body did.
    expect(read().length).toBe(signIn.length + 3);
  });
});
