// One benchmark device's MQTT 3.1.1 connection, kept lean because the load generator shares a
// small machine with the server and broker it measures: every microsecond it spends per message is
// taken from them. mqtt.js keeps an outgoing store, a callback and several small chunks per
// publish (written with writev); here a QoS 1 publish is one Buffer and one socket.write, and the
// only per-message state is what the PUBACK needs. What a device never does is left out: no
// subscriptions, no QoS 2, no retransmission, no reconnect (the benchmark counts a lost
// connection instead). mqtt-packet writes the CONNECT and parses what the broker sends.
import { connect, type Socket } from "node:net";
import { generate, type Packet, parser } from "mqtt-packet";

export interface DeviceCredentials {
  clientId: string;
  username: string;
  password: string;
}

/** Seconds; the broker drops a client that stays silent for 1.5 times this. */
const KEEPALIVE_S = 60;
const CONNECT_TIMEOUT_MS = 30_000;
/** PUBLISH, QoS 1, neither dup nor retain. */
const PUBLISH_QOS1 = 0x32;
const PINGREQ = Buffer.from([0xc0, 0x00]);
const DISCONNECT = Buffer.from([0xe0, 0x00]);
const MAX_MESSAGE_ID = 0xffff;
/** CONNACK return codes of MQTT 3.1.1, worded as mqtt.js words them so refusals read the same. */
const REFUSED: Record<number, string> = {
  1: "Unacceptable protocol version",
  2: "Identifier rejected",
  3: "Server unavailable",
  4: "Bad username or password",
  5: "Not authorized",
};

/** A whole PUBLISH (QoS 1) in one Buffer. Measured about 2.5 times cheaper than mqtt-packet's generate(). */
export const encodePublish = (topic: string, payload: string, messageId: number): Buffer => {
  const topicLength = Buffer.byteLength(topic);
  const remaining = 2 + topicLength + 2 + Buffer.byteLength(payload);
  const lengthBytes = remaining < 0x80 ? 1 : remaining < 0x4000 ? 2 : remaining < 0x200000 ? 3 : 4;
  const packet = Buffer.allocUnsafe(1 + lengthBytes + remaining);
  packet[0] = PUBLISH_QOS1;
  let at = 1;
  // The remaining length is a varint: 7 bits a byte, the high bit set on all but the last.
  for (let rest = remaining; ; ) {
    const low = rest & 0x7f;
    rest >>>= 7;
    packet[at++] = rest > 0 ? low | 0x80 : low;
    if (rest === 0) break;
  }
  packet.writeUInt16BE(topicLength, at);
  at += 2 + packet.write(topic, at + 2);
  packet.writeUInt16BE(messageId, at);
  packet.write(payload, at + 2);
  return packet;
};

// One sweep a second over every connection rather than a timer each, which would have to be
// rearmed on every publish: the sweep costs nothing per message.
interface Pinger {
  pingIfIdleSince(since: number): void;
}
const live = new Set<Pinger>();
let keepaliveTimer: NodeJS.Timeout | undefined;
const watchKeepalive = (connection: Pinger) => {
  live.add(connection);
  keepaliveTimer ??= setInterval(() => {
    const idleSince = Date.now() - KEEPALIVE_S * 1000;
    for (const c of live) c.pingIfIdleSince(idleSince);
  }, 1_000).unref();
};
const unwatch = (connection: Pinger) => {
  live.delete(connection);
  if (live.size === 0 && keepaliveTimer) {
    clearInterval(keepaliveTimer);
    keepaliveTimer = undefined;
  }
};

/** A connected device. `T` is what the caller wants back with a publish's PUBACK. */
export class DeviceConnection<T> {
  private readonly inFlight = new Map<number, T>();
  private nextId = 1;
  private lastSentAt = Date.now();
  private isOpen = true;
  private readonly closed: Promise<void>;

  constructor(
    private readonly socket: Socket,
    private readonly onAck: (sent: T) => void,
  ) {
    this.closed = new Promise((resolve) => socket.once("close", () => resolve()));
    socket.once("end", () => this.markClosed());
    socket.once("close", () => this.markClosed());
    if (socket.destroyed) this.markClosed();
    else watchKeepalive(this);
  }

  get open(): boolean {
    return this.isOpen;
  }

  /** Sends `topic` at QoS 1; `sent` comes back through onAck with its PUBACK. False: not sent (closed). */
  publish(topic: string, payload: string, sent: T): boolean {
    if (!this.isOpen) return false;
    const id = this.takeMessageId();
    if (id === 0) return false;
    this.inFlight.set(id, sent);
    this.socket.write(encodePublish(topic, payload, id));
    this.lastSentAt = Date.now();
    return true;
  }

  /** Handles a packet from the broker once connected. */
  received(packet: Packet) {
    if (packet.cmd !== "puback" || packet.messageId === undefined) return;
    const sent = this.inFlight.get(packet.messageId);
    if (sent === undefined) return;
    this.inFlight.delete(packet.messageId);
    this.onAck(sent);
  }

  pingIfIdleSince(since: number) {
    if (!this.isOpen || this.lastSentAt > since) return;
    this.socket.write(PINGREQ);
    this.lastSentAt = Date.now();
  }

  /** Says DISCONNECT and closes; resolves once closed, or after `timeoutMs` with the socket destroyed. */
  end(timeoutMs = 2_000): Promise<void> {
    if (this.isOpen) {
      this.markClosed();
      this.socket.end(DISCONNECT);
    }
    const timer = setTimeout(() => this.socket.destroy(), timeoutMs);
    return this.closed.finally(() => clearTimeout(timer));
  }

  /** 1..65535 in turn, passing over ids still awaiting their PUBACK; 0 when all of them are. */
  private takeMessageId(): number {
    if (this.inFlight.size >= MAX_MESSAGE_ID) return 0;
    let id = this.nextId;
    while (this.inFlight.has(id)) id = id === MAX_MESSAGE_ID ? 1 : id + 1;
    this.nextId = id === MAX_MESSAGE_ID ? 1 : id + 1;
    return id;
  }

  private markClosed() {
    this.isOpen = false;
    unwatch(this);
  }
}

/**
 * Connects and waits for a CONNACK accepting the device (clean session); rejects on refusal,
 * error or timeout. `onClose` hears of the connection closing once it was accepted.
 */
export const connectDevice = <T>(
  url: string,
  credentials: DeviceCredentials,
  onAck: (sent: T) => void,
  onClose: () => void,
): Promise<DeviceConnection<T>> =>
  new Promise((resolve, reject) => {
    const { protocol, hostname, port } = new URL(url);
    if (protocol !== "mqtt:" && protocol !== "tcp:") throw new Error(`${url}: only mqtt:// is supported`);
    const socket = connect({ host: hostname.replace(/^\[(.*)\]$/, "$1"), port: Number(port || 1883) });
    socket.setNoDelay(true);
    const packets = parser({ protocolVersion: 4 });
    let connection: DeviceConnection<T> | undefined;
    const fail = (message: string) => {
      clearTimeout(timer);
      socket.destroy();
      reject(new Error(message));
    };
    const timer = setTimeout(() => fail("connack timeout"), CONNECT_TIMEOUT_MS);

    socket.on("connect", () => {
      socket.write(
        generate({
          cmd: "connect",
          protocolId: "MQTT",
          protocolVersion: 4,
          clientId: credentials.clientId,
          username: credentials.username,
          password: Buffer.from(credentials.password),
          clean: true,
          keepalive: KEEPALIVE_S,
        }),
      );
    });
    socket.on("data", (chunk: Buffer) => packets.parse(chunk));
    packets.on("packet", (packet: Packet) => {
      if (connection) return connection.received(packet);
      if (packet.cmd !== "connack") return fail(`expected CONNACK, got ${packet.cmd}`);
      const code = packet.returnCode ?? 0;
      if (code !== 0) return fail(`Connection refused: ${REFUSED[code] ?? `return code ${code}`}`);
      clearTimeout(timer);
      connection = new DeviceConnection(socket, onAck);
      socket.once("close", onClose);
      resolve(connection);
    });
    // A broker that sends garbage must be hung up on (MQTT-4.8.0-1); close follows.
    packets.on("error", () => socket.destroy());
    // The close that follows an error is what counts; before the CONNACK it fails the connect.
    socket.on("error", (error) => {
      if (!connection) fail(error.message);
    });
    socket.once("close", () => {
      if (!connection) fail("connection closed before CONNACK");
    });
  });
