import type { Socket } from "node:net";
import { Duplex } from "node:stream";
import { MAX_PAYLOAD_BYTES } from "@vrf/contract/device/protocol.ts";

/**
 * The remaining length a connection's first packet, its CONNECT, may announce. A device's CONNECT
 * (client id, username, password and the `online` will) is a few hundred bytes.
 */
export const SIGN_IN_PACKET_LIMIT = 4 * 1024;
/** After sign-in: the largest payload plus room for the topic and packet id. */
export const PACKET_LIMIT = MAX_PAYLOAD_BYTES + 1024;
/** A connection's whole CONNECT must have arrived this long after it opened. */
export const CONNECT_DEADLINE_MS = 5_000;
/**
 * Failed sign-ins allowed in a window, per client id and per remote address. An address gets
 * more, because several devices behind one NAT or TLS terminator share it.
 */
export const FAILED_SIGN_INS = { perClientId: 10, perAddress: 30, windowMs: 60_000 } as const;

const CONNECT = 1;

/** `scan`'s answers when the connection has to go. */
export const SCAN_MALFORMED = -1;
export const SCAN_TOO_LARGE = -2;
export const SCAN_NOT_CONNECT = -3;

/**
 * Reads MQTT fixed headers (type nibble, Remaining Length varint) out of a byte stream, chunk by
 * chunk, and skips bodies by counting: a body costs one subtraction however it is split, so the
 * device traffic's cost stays a few operations per packet. It never buffers or copies.
 */
export class PacketHeaderScanner {
  /** The largest remaining length accepted now. */
  limit: number;
  /** Packets whose last byte has been scanned. */
  packets = 0;
  /** The current (or refused) packet's type and, once read, its announced remaining length. */
  type = -1;
  length = 0;
  /** 0: a type byte comes next; 1: inside the length varint; 2: inside a body. */
  private stage = 0;
  private lengthBytes = 0;
  private multiplier = 1;
  private left = 0;

  constructor(limit: number) {
    this.limit = limit;
  }

  /**
   * Scans `chunk` from `from`. Returns where it stopped: the chunk's length, or with
   * `stopAfterPacket` the offset just past the first packet that ends in it; or a negative
   * SCAN_ code, after which the scanner is not to be used again.
   */
  scan(chunk: Uint8Array, from = 0, stopAfterPacket = false): number {
    const end = chunk.length;
    let i = from;
    while (i < end) {
      if (this.stage === 2) {
        const take = Math.min(this.left, end - i);
        this.left -= take;
        i += take;
        if (this.left === 0) {
          this.stage = 0;
          this.packets += 1;
          if (stopAfterPacket) return i;
        }
      } else if (this.stage === 0) {
        this.type = (chunk[i] as number) >> 4;
        i += 1;
        if (this.packets === 0 && this.type !== CONNECT) return SCAN_NOT_CONNECT;
        this.stage = 1;
        this.length = 0;
        this.multiplier = 1;
        this.lengthBytes = 0;
      } else {
        const byte = chunk[i] as number;
        i += 1;
        this.length += (byte & 0x7f) * this.multiplier;
        this.multiplier *= 128;
        this.lengthBytes += 1;
        if (byte & 0x80) {
          // MQTT's Remaining Length has at most four bytes; a fourth that continues is malformed.
          if (this.lengthBytes === 4) return SCAN_MALFORMED;
          continue;
        }
        if (this.length > this.limit) return SCAN_TOO_LARGE;
        if (this.length > 0) {
          this.left = this.length;
          this.stage = 2;
        } else {
          this.stage = 0;
          this.packets += 1;
          if (stopAfterPacket) return i;
        }
      }
    }
    return i;
  }
}

export interface PacketRefusal {
  reason: "tooLarge" | "malformed" | "notConnect";
  /** The remote address before sign-in, the signed-in client's name after. */
  who: string;
  detail: string;
}

const PACKET_NAMES = [
  "reserved",
  "CONNECT",
  "CONNACK",
  "PUBLISH",
  "PUBACK",
  "PUBREC",
  "PUBREL",
  "PUBCOMP",
  "SUBSCRIBE",
  "SUBACK",
  "UNSUBSCRIBE",
  "UNSUBACK",
  "PINGREQ",
  "PINGRESP",
  "DISCONNECT",
  "AUTH",
];

/**
 * What the broker reads instead of the socket: the socket's bytes, each fixed header checked
 * before its body is let through, and the broker's writes straight to the socket.
 *
 * Until sign-in only a CONNECT of SIGN_IN_PACKET_LIMIT may come; whatever follows it waits in
 * the paused socket until `signedIn` (after CONNACK), so nothing larger is read before the broker
 * knows who is there. Then every packet may be up to PACKET_LIMIT. A packet announcing more is
 * refused by closing the connection at once, before its body is read.
 */
export class GuardedConnection extends Duplex {
  readonly remoteAddress: string;
  private readonly scanner = new PacketHeaderScanner(SIGN_IN_PACKET_LIMIT);
  private phase: "connect" | "waiting" | "open" = "connect";
  /** Bytes after the CONNECT that came before sign-in (one or two socket chunks: it is paused). */
  private held: Buffer[] = [];
  private endHeld = false;
  /** Whether the broker wants more (the readable side's backpressure). */
  private wanted = true;
  private who: string;

  constructor(
    private readonly socket: Socket,
    private readonly onRefused: (refusal: PacketRefusal) => void,
  ) {
    super({ allowHalfOpen: false });
    this.remoteAddress = socket.remoteAddress ?? "unknown";
    this.who = this.remoteAddress;
    socket.on("data", (chunk: Buffer) => this.receive(chunk));
    socket.on("end", () => {
      if (this.phase === "waiting") this.endHeld = true;
      else this.push(null);
    });
    socket.on("error", (error) => this.destroy(error));
    socket.on("close", () => this.destroy());
  }

  /** The broker has sent CONNACK: larger packets may come, and what waited is read. */
  signedIn(who: string): void {
    if (this.phase !== "waiting" || this.destroyed) return;
    this.phase = "open";
    this.who = who;
    this.scanner.limit = PACKET_LIMIT;
    const held = this.held;
    this.held = [];
    for (const chunk of held) {
      this.receive(chunk);
      if (this.destroyed) return;
    }
    if (this.endHeld) this.push(null);
    else if (this.wanted) this.socket.resume();
  }

  private receive(chunk: Buffer): void {
    if (this.phase === "waiting") {
      this.held.push(chunk);
      this.socket.pause();
      return;
    }
    const connecting = this.phase === "connect";
    const stop = this.scanner.scan(chunk, 0, connecting);
    if (stop < 0) {
      this.refuse(stop);
      return;
    }
    if (connecting && this.scanner.packets > 0) {
      this.phase = "waiting";
      this.socket.pause();
      if (stop < chunk.length) {
        this.held.push(chunk.subarray(stop));
        this.deliver(chunk.subarray(0, stop));
        return;
      }
    }
    this.deliver(chunk);
  }

  private deliver(chunk: Buffer): void {
    if (!this.push(chunk)) {
      this.wanted = false;
      this.socket.pause();
    }
  }

  private refuse(code: number): void {
    const name = PACKET_NAMES[this.scanner.type] ?? "packet";
    const refusal: PacketRefusal =
      code === SCAN_TOO_LARGE
        ? { reason: "tooLarge", who: this.who, detail: `${name} announcing ${this.scanner.length} bytes` }
        : code === SCAN_MALFORMED
          ? { reason: "malformed", who: this.who, detail: `${name} with a malformed remaining length` }
          : { reason: "notConnect", who: this.who, detail: `${name} before CONNECT` };
    this.socket.destroy();
    this.destroy();
    this.onRefused(refusal);
  }

  override _read(): void {
    this.wanted = true;
    if (this.phase !== "waiting") this.socket.resume();
  }

  override _write(chunk: Buffer, _encoding: BufferEncoding, callback: (error?: Error | null) => void): void {
    if (this.socket.write(chunk)) callback();
    else this.socket.once("drain", () => callback());
  }

  // mqtt-packet corks the stream around each packet's pieces: they reach the socket as one write.
  override _writev(chunks: { chunk: Buffer }[], callback: (error?: Error | null) => void): void {
    this.socket.cork();
    let flushed = true;
    for (const { chunk } of chunks) flushed = this.socket.write(chunk);
    this.socket.uncork();
    if (flushed) callback();
    else this.socket.once("drain", () => callback());
  }

  override _final(callback: (error?: Error | null) => void): void {
    this.socket.end();
    callback();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void): void {
    this.socket.destroy();
    callback(error);
  }
}

/**
 * Failed sign-ins per key in fixed windows: the first failure opens a window, and a key with
 * `max` failures in an open window is refused until it closes. Bounded: past `maxKeys`, closed
 * windows go first, then the oldest open ones (a key dropped early only gets a fresh budget).
 */
export const createFailureCounter = (options: {
  max: number;
  windowMs: number;
  now?: () => number;
  maxKeys?: number;
}) => {
  const now = options.now ?? Date.now;
  const maxKeys = options.maxKeys ?? 10_000;
  // Insertion order is window order: a key whose window restarts is inserted again.
  const windows = new Map<string, { failures: number; endsAt: number }>();

  const makeRoom = (at: number) => {
    // A tenth at a time, so a flood of new keys pays for a sweep once per thousand keys.
    const keep = Math.floor(maxKeys * 0.9);
    for (const [key, window] of windows) {
      if (window.endsAt > at && windows.size <= keep) break;
      windows.delete(key);
    }
  };

  return {
    refuses(key: string): boolean {
      const window = windows.get(key);
      return window !== undefined && window.endsAt > now() && window.failures >= options.max;
    },
    failed(key: string): void {
      const at = now();
      let window = windows.get(key);
      if (!window || window.endsAt <= at) {
        windows.delete(key);
        if (windows.size >= maxKeys) makeRoom(at);
        window = { failures: 0, endsAt: at + options.windowMs };
        windows.set(key, window);
      }
      window.failures += 1;
    },
    size: () => windows.size,
  };
};
