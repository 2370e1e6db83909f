import { once } from "node:events";
import { type AddressInfo, createServer, type Server } from "node:net";
import {
  COMMAND_TOPIC,
  DEVICE_ID_PATTERN,
  deviceTopic,
  MAX_PAYLOAD_BYTES,
  parseDeviceTopic,
  TOPIC_ROOT,
} from "@vrf/contract/device/protocol.ts";
import { Aedes, type AuthenticateError, type Client } from "aedes";
import {
  CONNECT_DEADLINE_MS,
  createFailureCounter,
  FAILED_SIGN_INS,
  GuardedConnection,
  type PacketRefusal,
} from "./mqtt-packet-limits.ts";
import type { TrafficCounters } from "./traffic-counters.ts";

/** The portal's own connection to its broker: it reads every device topic and writes commands. */
export interface InternalCredentials {
  username: string;
  password: string;
}

const identities = new WeakMap<Client, { internal: true } | { internal: false; deviceId: string }>();

const authError = (code: 4 | 5): AuthenticateError => Object.assign(new Error("not authorised"), { returnCode: code });

const addressOf = (client: Client) =>
  client.conn instanceof GuardedConnection ? client.conn.remoteAddress : "unknown";

/**
 * `npm start`'s MQTT broker (aedes). Devices sign in with their serial number as client id and
 * username and the secret the portal issued; each may publish only under `vrf/{itself}/` and
 * subscribe only to its own `cmd` topic (DESIGN section 10). A refused publish closes the
 * connection (aedes' rule), so a device that tries another's topic is cut off.
 *
 * Every connection reads through a GuardedConnection (packet sizes checked from their headers,
 * 4 KiB before sign-in), must deliver its CONNECT within CONNECT_DEADLINE_MS, and a client id or
 * address with too many failed sign-ins in a minute is refused before its secret is looked at,
 * so a flood costs neither memory nor database reads (docs/device-protocol.md, "Connection limits").
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  internal: InternalCredentials;
  deviceSecretMatches: (deviceId: string, secret: string) => Promise<boolean>;
  /**
   * Takes a device's message; `settled` runs once it is written (or dropped, or set aside). The
   * device's PUBACK waits for it, so a message a device saw acknowledged is in the database.
   * Without it the broker only routes, acknowledging at once (the ingest benchmark's baseline).
   */
  intake?: (topic: string, payload: Buffer, settled: () => void) => void;
  counters: TrafficCounters;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
}): Promise<{
  port: number;
  broker: Aedes;
  disconnect(deviceId: string): void;
  refuseTraffic(): void;
  close(): Promise<void>;
}> {
  const { counters } = options;
  /** Stopping: no new connection, and no message taken that the writer may not get to write. */
  let refusing = false;
  const failedByClientId = createFailureCounter({
    max: FAILED_SIGN_INS.perClientId,
    windowMs: FAILED_SIGN_INS.windowMs,
  });
  const failedByAddress = createFailureCounter({
    max: FAILED_SIGN_INS.perAddress,
    windowMs: FAILED_SIGN_INS.windowMs,
  });
  const broker = await Aedes.createBroker({
    // A device id is a serial number: refuse longer ids before anything else runs.
    maxClientsIdLength: 64,
    // Covers a connection that sends nothing and one whose CONNECT never completes.
    connectTimeout: CONNECT_DEADLINE_MS,
    authenticate(client, username, password, done) {
      const secret = password?.toString("utf8") ?? "";
      // The portal's own account is checked in memory and never throttled: a flood of failures
      // from 127.0.0.1 must not keep the gateway from reconnecting.
      if (username === options.internal.username && secret === options.internal.password) {
        identities.set(client, { internal: true });
        return done(null, true);
      }
      const address = addressOf(client);
      const clientId = client.id ?? "";
      if (failedByAddress.refuses(address) || failedByClientId.refuses(clientId)) {
        counters.drop("refusedAuth", address, `too many failed sign-ins (${clientId.slice(0, 64)})`);
        return done(authError(5), false);
      }
      const failed = (who: string) => {
        failedByAddress.failed(address);
        failedByClientId.failed(clientId);
        counters.drop("refusedAuth", who);
        done(authError(4), false);
      };
      if (username !== options.internal.username && username && clientId === username) {
        if (!DEVICE_ID_PATTERN.test(username)) return failed(username);
        options.deviceSecretMatches(username, secret).then(
          (ok) => {
            if (!ok) return failed(username);
            identities.set(client, { internal: false, deviceId: username });
            done(null, true);
          },
          (error: unknown) => {
            options.log.warn({ reason: String(error) }, "device sign-in could not be checked");
            done(Object.assign(new Error("unavailable"), { returnCode: 3 as const }), false);
          },
        );
        return;
      }
      failed(username ?? (clientId || "?"));
    },
    authorizePublish(client, packet, done) {
      const who = client ? identities.get(client) : undefined;
      if (!client || !who) return done(new Error("not authorised"));
      if (who.internal) {
        const [root, id, name] = packet.topic.split("/");
        return root === TOPIC_ROOT && id && DEVICE_ID_PATTERN.test(id) && name === COMMAND_TOPIC
          ? done(null)
          : done(new Error("the portal publishes commands only"));
      }
      const parsed = parseDeviceTopic(packet.topic);
      if (!parsed || parsed.deviceId !== who.deviceId) {
        counters.drop("refusedPublish", who.deviceId, packet.topic.slice(0, 200));
        return done(new Error("not your topic"));
      }
      if (packet.payload.length > MAX_PAYLOAD_BYTES) {
        counters.drop("tooLarge", who.deviceId, `${packet.payload.length} bytes`);
        return done(new Error("payload too large"));
      }
      // Refused unacknowledged while stopping: the device sends it again to the next instance.
      if (refusing) return done(new Error("the portal is stopping"));
      // The PUBACK leaves once the message is written (decision 0014): aedes writes it after this
      // callback. A device's later packets wait meanwhile, which a device's few messages a
      // minute never notice; the writer's batches still gather every device's traffic.
      if (!options.intake) return done(null);
      const payload = typeof packet.payload === "string" ? Buffer.from(packet.payload) : packet.payload;
      options.intake(packet.topic, payload, () => done(null));
    },
    // Device messages are taken above: the portal's own connection is sent none of them.
    authorizeForward(client, packet) {
      return options.intake && identities.get(client)?.internal ? null : packet;
    },
    authorizeSubscribe(client, subscription, done) {
      const who = identities.get(client);
      if (who?.internal && subscription.topic.startsWith(`${TOPIC_ROOT}/`)) return done(null, subscription);
      if (who && !who.internal && subscription.topic === deviceTopic(who.deviceId, COMMAND_TOPIC)) {
        return done(null, subscription);
      }
      counters.drop(
        "refusedSubscribe",
        who && !who.internal ? who.deviceId : client.id,
        subscription.topic.slice(0, 200),
      );
      // null refuses this subscription (SUBACK 0x80) without closing the connection.
      done(null, null);
    },
  });
  // Past CONNACK a connection may send full-size packets; its name labels any later refusal.
  broker.on("clientReady", (client: Client) => {
    if (!(client.conn instanceof GuardedConnection)) return;
    const who = identities.get(client);
    client.conn.signedIn(who && !who.internal ? who.deviceId : client.id);
  });
  const refused = ({ reason, who, detail }: PacketRefusal) =>
    counters.drop(reason === "tooLarge" ? "tooLarge" : "badPacket", who, detail);
  const server: Server = createServer((socket) => broker.handle(new GuardedConnection(socket, refused)));
  server.listen(options.port, options.host);
  await Promise.race([
    once(server, "listening"),
    once(server, "error").then(([error]) => {
      throw error;
    }),
  ]);
  const { port } = server.address() as AddressInfo;
  return {
    port,
    broker,
    /** Ends the device's session now (its password was replaced); it must sign in again. */
    disconnect(deviceId: string) {
      const clients = (broker as unknown as { clients: Record<string, Client | undefined> }).clients;
      clients[deviceId]?.close();
    },
    refuseTraffic() {
      refusing = true;
      // No new connections; those open stay until close(), so waiting acknowledgements can leave.
      server.close();
    },
    async close() {
      refusing = true;
      const closed = new Promise<void>((resolve) => server.close(() => resolve()));
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await closed;
    },
  };
}
