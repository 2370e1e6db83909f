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
import type { TrafficCounters } from "./traffic-counters.ts";

/** The portal's own connection to its broker: it reads every device topic and writes commands. */
export interface InternalCredentials {
  username: string;
  password: string;
}

const identities = new WeakMap<Client, { internal: true } | { internal: false; deviceId: string }>();

const authError = (code: 4 | 5): AuthenticateError => Object.assign(new Error("not authorised"), { returnCode: code });

/**
 * `npm start`'s MQTT broker (aedes). Devices sign in with their serial number as client id and
 * username and the secret the portal issued; each may publish only under `vrf/{itself}/` and
 * subscribe only to its own `cmd` topic (DESIGN section 10). A refused publish closes the
 * connection (aedes' rule), so a device that tries another's topic is cut off.
 */
export async function startEmbeddedBroker(options: {
  host: string;
  port: number;
  internal: InternalCredentials;
  deviceSecretMatches: (deviceId: string, secret: string) => Promise<boolean>;
  counters: TrafficCounters;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
}): Promise<{ port: number; broker: Aedes; disconnect(deviceId: string): void; close(): Promise<void> }> {
  const { counters } = options;
  const broker = await Aedes.createBroker({
    // A device id is a serial number: refuse longer ids before anything else runs.
    maxClientsIdLength: 64,
    authenticate(client, username, password, done) {
      const secret = password?.toString("utf8") ?? "";
      if (username === options.internal.username) {
        if (secret === options.internal.password) {
          identities.set(client, { internal: true });
          return done(null, true);
        }
      } else if (username && client.id === username && DEVICE_ID_PATTERN.test(username)) {
        options.deviceSecretMatches(username, secret).then(
          (ok) => {
            if (!ok) {
              counters.drop("refusedAuth", username);
              return done(authError(4), false);
            }
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
      counters.drop("refusedAuth", username ?? client.id ?? "?");
      done(authError(4), false);
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
      done(null);
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
  const server: Server = createServer(broker.handle);
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
    async close() {
      await new Promise<void>((resolve) => broker.close(() => resolve()));
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
