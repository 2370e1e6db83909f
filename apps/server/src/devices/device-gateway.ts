import type { TCommandMessage, TReceiptMessage } from "@vrf/contract/device/messages.ts";
import { COMMAND_TOPIC, deviceTopic, TOPIC_ROOT } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";
import { withoutCredentials } from "../logging/without-credentials.ts";
import type { DeviceIntake } from "./device-intake.ts";
import type { IngestWriter } from "./ingest-writer.ts";

/** Instances of the portal share one subscription group on an external broker, so each message reaches one of them. */
export const SHARED_GROUP = "vrf-cloud";
/** Unacknowledged messages an external broker may send one session at once (MQTT 5). */
export const RECEIVE_MAXIMUM = 2_000;
/** Sessions of one instance in the shared group (external brokers). */
export const SHARED_SESSIONS = 4;
/** Seconds between the portal's pings to the broker (mqtt.js: 60). */
export const KEEPALIVE_S = 30;
/** Acknowledgements are gathered this long and written together. */
const ACK_WINDOW_MS = 5;
/**
 * How long the start waits for the broker's first answer: well inside the 10 s Fastify gives the
 * onReady hook the device link starts in, which would otherwise fail first with its own stack trace.
 */
export const FIRST_CONNECT_TIMEOUT_MS = 5_000;

/** The broker could not be reached at the start; the message names the URL (without credentials) and why. */
export class BrokerUnreachableError extends Error {
  override name = "BrokerUnreachableError";
}

/**
 * Waits for a new client's first connection. mqtt.js retries an unreachable broker for ever
 * (reconnectPeriod), so a wrong address would hang the start: the first refusal, unknown host or
 * silence past the timeout ends the client and rejects instead. Reconnects after that are its own.
 */
const firstConnection = (client: MqttClient, url: string, timeoutMs: number): Promise<MqttClient> =>
  new Promise((resolve, reject) => {
    const settle = (error?: Error & { code?: unknown }) => {
      clearTimeout(timer);
      client.off("connect", onConnect);
      client.off("error", settle);
      if (!error) return resolve(client);
      client.end(true);
      // A refused connection to a name with several addresses is an AggregateError without a message.
      const reason = error.message || String(error.code ?? error.name);
      reject(new BrokerUnreachableError(`cannot connect to ${withoutCredentials(url)} (${reason})`));
    };
    const onConnect = () => settle();
    const timer = setTimeout(() => settle(new Error(`no answer within ${timeoutMs / 1_000} s`)), timeoutMs);
    client.on("connect", onConnect);
    client.on("error", settle);
  });

/**
 * The portal's MQTT client: publishes commands and, on an external broker, reads every device
 * topic and hands each message to the intake (device-intake.ts). On the embedded broker the
 * devices' messages are taken by the broker itself and never reach this client.
 */
export const createDeviceGateway = (options: {
  url: string;
  username?: string | undefined;
  password?: string | undefined;
  /** External broker: read devices' messages through `$share/…`, several instances splitting them; else only publish. */
  shared: boolean;
  sharedGroup?: string | undefined;
  clientId: string;
  intake: DeviceIntake;
  writer: IngestWriter;
  log: { info: (m: string) => void; warn: (fields: Record<string, unknown>, message: string) => void };
}) => {
  const { intake, writer } = options;
  /** The first also publishes commands. */
  const clients: MqttClient[] = [];

  const connectSubscriber = async (subscription: string | null, k: number): Promise<MqttClient> => {
    const connecting = mqtt.connect(options.url, {
      clientId: k === 0 ? options.clientId : `${options.clientId}-${k}`,
      username: options.username,
      password: options.password,
      clean: true,
      reconnectPeriod: 1_000,
      // The broker notices a dead instance 1.5 keep-alives on, and only then hands what that one
      // had unacknowledged to another: the devices' seq windows must still hold them (seq-window.ts).
      keepalive: KEEPALIVE_S,
      // External brokers speak MQTT 5, where the portal says how many unacknowledged messages it
      // takes at once (Receive Maximum); under 3.1.1 the broker decides (Mosquitto: 20) and holds
      // the rest in its bounded per-session queue. The embedded broker (aedes) speaks 3.1.1.
      ...(options.shared ? { protocolVersion: 5 as const, properties: { receiveMaximum: RECEIVE_MAXIMUM } } : {}),
      // Acknowledge a message once it is queued; while the queue is past its high-water mark the
      // acknowledgement waits, so the broker holds (and keeps) what the portal cannot take yet.
      // Each instance owns its own in-memory queue; what it held is redelivered after a crash
      // only if unacknowledged, which is why the wait happens before the acknowledgement.
    });
    const client = await firstConnection(connecting, options.url, FIRST_CONNECT_TIMEOUT_MS);
    let corked = false;
    client.handleMessage = (packet, done) => {
      // The acknowledgements of a few milliseconds leave in one write: mqtt.js writes each packet
      // on its own, a system call per message (a fifth of the process at 8,000 msg/s).
      if (!corked) {
        const stream = client.stream;
        corked = true;
        stream.cork();
        setTimeout(() => {
          corked = false;
          stream.uncork();
        }, ACK_WINDOW_MS);
      }
      const topic = packet.topic;
      // The portal's own commands come back on a wildcard subscription; they are not device traffic.
      if (topic.endsWith(`/${COMMAND_TOPIC}`)) return done();
      const payload = typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload;
      intake.take(topic, payload);
      // Acknowledged at once below the mark (no promise per message), else once the queue drains.
      if (writer.hasRoom()) done();
      else writer.room().then(() => done(), done);
    };
    client.on("error", (error) => options.log.warn({ reason: error.message }, "device broker connection error"));
    client.on("reconnect", () => options.log.info("reconnecting to the device broker"));
    if (subscription === null) return client;
    await client.subscribeAsync(subscription, { qos: 1 });
    // Re-subscribe after a reconnect with a clean session.
    client.on("connect", () => {
      client.subscribe(subscription, { qos: 1 });
    });
    return client;
  };

  return {
    async start(): Promise<void> {
      // The embedded broker hands devices' messages to the intake itself: there this client only publishes.
      const subscription = options.shared ? `$share/${options.sharedGroup ?? SHARED_GROUP}/${TOPIC_ROOT}/+/+` : null;
      // On an external broker the instance reads through several sessions of its group. The broker
      // keeps a bounded queue per session (Mosquitto: 1,000 messages past 20 in flight, by default)
      // and drops what overflows it, acknowledged or not; a pause of the portal's event loop (a
      // cold start, a long batch) then costs messages. Several sessions hold several times that.
      // A device's messages may then arrive through different sessions, as they may at different
      // instances: the writer orders what depends on order by the device's seq.
      const count = options.shared ? SHARED_SESSIONS : 1;
      for (let k = 0; k < count; k++) clients.push(await connectSubscriber(subscription, k));
    },

    /** Publishes a command; resolves once the broker has it (PUBACK). */
    async publishCommand(deviceId: string, command: TCommandMessage): Promise<void> {
      const client = clients[0];
      if (!client?.connected) throw new Error("the device broker is not connected");
      await client.publishAsync(deviceTopic(deviceId, COMMAND_TOPIC), JSON.stringify(command), { qos: 1 });
    },

    /**
     * Publishes a receipt, QoS 0 and not awaited: a lost one costs the device one more copy of its
     * message, which is dropped as a repeat and receipted again.
     */
    publishReceipt(deviceId: string, receipt: TReceiptMessage): void {
      const client = clients[0];
      if (client?.connected) client.publish(deviceTopic(deviceId, COMMAND_TOPIC), JSON.stringify(receipt), { qos: 0 });
    },

    connected: () => clients.length > 0 && clients.every((c) => c.connected),

    async stop(): Promise<void> {
      const ending = clients.splice(0);
      await Promise.all(ending.map((c) => c.endAsync()));
    },
  };
};

export type DeviceGateway = ReturnType<typeof createDeviceGateway>;
