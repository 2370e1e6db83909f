import { once } from "node:events";
import { mkdtemp, readFile, rm } from "node:fs/promises";
import { connect, type Socket } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import mqttPacket from "mqtt-packet";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess, waitForStatus } from "./helpers/server-process.ts";

const CONNECTIONS = 100;
const ANNOUNCED_BYTES = 100_000_000;
/** What each connection tries to send of its announced body. */
const STREAMED_BYTES = 4 * 1024 * 1024;

let server: ServerProcess;
let dataDir: string;
let mqttPort: number;

/** The server process's resident memory, in bytes (/proc/<pid>/status, VmRSS). */
const rssOf = async (pid: number) => {
  const status = await readFile(`/proc/${pid}/status`, "utf8");
  const kb = /^VmRSS:\s+(\d+) kB$/m.exec(status)?.[1];
  if (!kb) throw new Error(`no VmRSS for ${pid}`);
  return Number(kb) * 1024;
};

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

const openSocket = async () => {
  const socket: Socket = connect(mqttPort, "127.0.0.1");
  socket.on("error", () => {});
  await once(socket, "connect");
  return socket;
};

/**
 * An unauthenticated client that announces a CONNECT of ANNOUNCED_BYTES and streams its body
 * until the server hangs up. Resolves with how long the server took to close, and what it sent.
 */
const oversizedConnect = async () => {
  const socket = await openSocket();
  const startedAt = Date.now();
  const received: Buffer[] = [];
  socket.on("data", (chunk: Buffer) => received.push(chunk));
  let endedByServer = false;
  socket.once("end", () => {
    endedByServer = true;
  });
  socket.once("error", () => {
    endedByServer = true;
  });
  const closed = new Promise<void>((resolve) => socket.once("close", () => resolve()));
  socket.write(Buffer.from([0x10, ...remainingLength(ANNOUNCED_BYTES)]));
  const chunk = Buffer.alloc(64 * 1024, 0x41);
  for (let sent = 0; sent < STREAMED_BYTES && !socket.destroyed && !endedByServer; sent += chunk.length) {
    // Not events.once: it rejects on the reset this test expects.
    if (!socket.write(chunk))
      await new Promise((resolve) => {
        socket.once("drain", resolve);
        socket.once("close", resolve);
      });
  }
  // Given 30 s to hang up; a server that keeps reading is caught by `endedByServer`.
  const timer = setTimeout(() => socket.destroy(), 30_000);
  await closed;
  clearTimeout(timer);
  return { endedByServer, ms: Date.now() - startedAt, received: Buffer.concat(received).length };
};

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vrf-broker-limits-"));
  mqttPort = await freePort();
  // No demo fleet: its devices' traffic would move the memory this test measures.
  server = await startServerProcess({ DATA_DIR: dataDir, DEMO: "off", MQTT_PORT: String(mqttPort) });
  await waitForStatus(server, "/readyz");
});

afterAll(async () => {
  await server?.kill();
  if (dataDir) await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded broker under oversized sign-ins", () => {
  it(`keeps its memory while ${CONNECTIONS} unauthenticated connections announce 100 MB each, and closes them`, async () => {
    const pid = server.child.pid as number;
    // Once first, so the code the refusals run is loaded before the measurement.
    await oversizedConnect();
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    const before = await rssOf(pid);

    let peak = before;
    const sampler = setInterval(() => {
      rssOf(pid).then(
        (rss) => {
          peak = Math.max(peak, rss);
        },
        () => {},
      );
    }, 50);
    const results = await Promise.all(Array.from({ length: CONNECTIONS }, () => oversizedConnect()));
    await new Promise((resolve) => setTimeout(resolve, 500));
    clearInterval(sampler);
    const after = await rssOf(pid);
    peak = Math.max(peak, after);

    const mb = (bytes: number) => Math.round((bytes / 1024 / 1024) * 10) / 10;
    console.info(
      `broker-limits: RSS before ${mb(before)} MB, peak ${mb(peak)} MB, after ${mb(after)} MB; ` +
        `slowest close ${Math.max(...results.map((r) => r.ms))} ms`,
    );
    expect(results.every((r) => r.endedByServer)).toBe(true);
    expect(results.every((r) => r.received === 0)).toBe(true);
    expect(Math.max(...results.map((r) => r.ms))).toBeLessThan(10_000);
    expect(peak - before).toBeLessThan(50 * 1024 * 1024);

    // And the broker still answers a well-formed sign-in (an unknown device: code 4).
    const socket = await openSocket();
    const parser = mqttPacket.parser();
    const connack = new Promise<mqttPacket.IConnackPacket>((resolve) =>
      parser.on("packet", (packet) => {
        if (packet.cmd === "connack") resolve(packet);
      }),
    );
    socket.on("data", (chunk: Buffer) => parser.parse(chunk));
    socket.write(
      mqttPacket.generate({
        cmd: "connect",
        protocolId: "MQTT",
        protocolVersion: 4,
        clean: true,
        keepalive: 30,
        clientId: "NOSUCHDEVICE",
        username: "NOSUCHDEVICE",
        password: Buffer.from("x"),
      }),
    );
    expect((await connack).returnCode).toBe(4);
    socket.destroy();
  });
});
