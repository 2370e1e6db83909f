import { randomBytes, randomUUID } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/open.ts";
import type { LiveHub } from "../live/live-hub.ts";
import { withoutCredentials } from "../logging/without-credentials.ts";
import type { CommandLink } from "../modules/device-link/device-commands.service.ts";
import type { DeviceLinkControl } from "../modules/devices/devices.service.ts";
import { type BrokerAccounts, createBrokerAccounts, serialsWithCredentials } from "./broker-accounts.ts";
import { createDeviceDirectoryRepository } from "./device-directory.repository.ts";
import { createDeviceDirectory } from "./device-directory.ts";
import { createDeviceEvents } from "./device-events.ts";
import { createDeviceGateway, SHARED_GROUP } from "./device-gateway.ts";
import { createDeviceIntake } from "./device-intake.ts";
import { deviceSecretMatches } from "./device-secret.ts";
import { startEmbeddedBroker } from "./embedded-broker.ts";
import { createFloodGuard } from "./flood-guard.ts";
import { type DeviceEvent, messageTime } from "./ingest-item.ts";
import { createIngestWriter } from "./ingest-writer.ts";
import { createLinkMaintenance, isMissingPartition } from "./link-maintenance.ts";
import { receiptsOf } from "./receipts.ts";
import { createTrafficCounters } from "./traffic-counters.ts";

/** Where devices connect: the portal's own broker, or an external one (Mosquitto, EMQX). */
export type BrokerChoice = { embedded: { host: string; port: number } } | { url: string };

export interface DeviceLinkOptions {
  broker: BrokerChoice;
  /** PostgreSQL's URL: events travel between instances by LISTEN/NOTIFY. Absent with the embedded database. */
  databaseUrl?: string | undefined;
  /** The LISTEN/NOTIFY channel (default `vrf_device_events`). */
  eventsChannel?: string | undefined;
  /** The shared-subscription group on an external broker: every instance of one deployment uses the same. */
  sharedGroup?: string | undefined;
  /** Per device: messages per second on average, and in one burst. */
  flood?: { perSecond: number; burst: number };
  writer?: { maxBatch?: number; maxDelayMs?: number; highWater?: number; lanes?: number };
  /** Housekeeping and command timeouts run on timers unless a test drives them. */
  timers?: boolean;
  /**
   * MQTT_DYNSEC: on an external Mosquitto 2 the portal keeps each device's account and topic rules
   * in the broker's dynamic-security plugin (broker-accounts.ts).
   */
  dynsec?: boolean | undefined;
  /** MQTT_HTTP_AUTH_TOKEN: EMQX asks the portal about devices over HTTP (only the start's warning reads it). */
  httpAuth?: boolean | undefined;
}

/** What a browser receives for a device event (SPEC section 4's wifiId toast for a timeout). */
const liveMessageOf = (event: DeviceEvent) =>
  event.type === "command" && event.status === "timed_out" && event.wifiId
    ? { type: "commandTimeout", wifiId: event.wifiId, payload: event }
    : { type: "device", payload: event };

/**
 * The device link (DESIGN section 10): broker (embedded, or external through MQTT_URL), gateway,
 * batch writer, events to browsers across instances, and the link's housekeeping.
 */
export const createDeviceLink = (deps: {
  db: Db;
  clock: Clock;
  live: LiveHub;
  log: FastifyBaseLogger;
  options: DeviceLinkOptions;
  sweepCommands: () => Promise<unknown>;
}) => {
  const { db, clock, log, options } = deps;
  const log2 = {
    info: (m: string) => log.info(m),
    warn: (fields: Record<string, unknown>, message: string) => log.warn(fields, message),
  };
  const maintenance = createLinkMaintenance(db, () => clock.now());
  const counters = createTrafficCounters({ log: (fields, message) => log.warn(fields, message) });
  const directoryRepository = createDeviceDirectoryRepository(db);
  const directory = createDeviceDirectory({ repository: directoryRepository });
  const events = createDeviceEvents({
    databaseUrl: options.databaseUrl,
    channel: options.eventsChannel,
    log: log2,
  });
  const writer = createIngestWriter({
    db,
    directory,
    counters,
    log: log2,
    inTransaction: (tx, batch) => events.inTransaction(tx, batch),
    onCommitted: (batch) => events.committed(batch),
    onSettled: (batch) => {
      for (const [deviceId, receipt] of receiptsOf(batch)) gateway?.publishReceipt(deviceId, receipt);
    },
    lanes: options.databaseUrl ? 2 : 1,
    now: () => clock.now(),
    ...options.writer,
    repair: async (error, batch) => {
      if (!isMissingPartition(error)) return false;
      await maintenance.ensurePartitionsFor(batch.map((message) => messageTime(message)));
      return true;
    },
  });
  const floodGuard = createFloodGuard(options.flood ?? { perSecond: 20, burst: 200 });
  const intake = createDeviceIntake({ writer, counters, floodGuard, now: () => clock.now() });
  // The portal's own broker account exists only in this process's memory.
  const internal = { username: `vrf-cloud-${randomUUID()}`, password: randomBytes(24).toString("base64url") };
  let broker: Awaited<ReturnType<typeof startEmbeddedBroker>> | null = null;
  let gateway: ReturnType<typeof createDeviceGateway> | null = null;
  let accounts: BrokerAccounts | null = null;
  const timers: NodeJS.Timeout[] = [];
  let unsubscribe: (() => void) | null = null;
  let stopping: Promise<void> | null = null;

  const link: CommandLink & DeviceLinkControl = {
    publish: async (serial, command) => {
      if (!gateway) throw new Error("the device link is not running");
      await gateway.publishCommand(serial, command);
    },
    announce: (batch) => events.announce(db, batch),
    forget: (serial) => directory.forget(serial),
    // An external broker keeps its own sessions: there the device stays connected until it
    // reconnects, unless the portal keeps its account (MQTT_DYNSEC), whose removal ends the session.
    revoke: (serial) => {
      directory.forget(serial);
      broker?.disconnect(serial);
      accounts?.revoke(serial);
    },
    issued: (serial, password) => accounts?.issued(serial, password),
  };

  return {
    counters,
    intake,
    writer,
    events,
    maintenance,
    directory,
    link,
    get brokerPort() {
      return broker?.port ?? null;
    },
    get gateway() {
      return gateway;
    },

    async start(): Promise<void> {
      unsubscribe = events.subscribe((event) => {
        void deps.live.publishDeviceEvent(event, liveMessageOf(event));
      });
      await events.start();
      await maintenance.ensurePartitions();
      let url: string;
      if ("embedded" in options.broker) {
        await maintenance.markEveryDeviceOffline();
        broker = await startEmbeddedBroker({
          host: options.broker.embedded.host,
          port: options.broker.embedded.port,
          internal,
          intake: intake.take,
          counters,
          log: log2,
          deviceSecretMatches: async (serial, secret) => {
            const hash = await directoryRepository.secretHashOf(serial);
            return hash !== null && deviceSecretMatches(secret, hash);
          },
        });
        const host = options.broker.embedded.host === "0.0.0.0" ? "127.0.0.1" : options.broker.embedded.host;
        url = `mqtt://${host}:${broker.port}`;
      } else {
        url = options.broker.url;
        // Before the gateway: its shared subscription and commands need the portal's role.
        if (options.dynsec) {
          accounts = createBrokerAccounts({
            url,
            sharedGroup: options.sharedGroup ?? SHARED_GROUP,
            log: log2,
            serialsWithCredentials: () => serialsWithCredentials(db),
          });
          await accounts.start();
        } else if (!options.httpAuth) {
          log.warn(
            "devices are not authenticated by the portal on this broker: set MQTT_DYNSEC=on (Mosquitto) or configure HTTP authentication (EMQX, MQTT_HTTP_AUTH_TOKEN)",
          );
        }
      }
      gateway = createDeviceGateway({
        url,
        ...("embedded" in options.broker ? internal : {}),
        shared: !("embedded" in options.broker),
        sharedGroup: options.sharedGroup,
        clientId: `vrf-cloud-${randomUUID()}`,
        intake,
        writer,
        log: log2,
      });
      await gateway.start();
      if (options.timers !== false) {
        const every = (ms: number, task: () => Promise<unknown>) => {
          let busy = false;
          const timer = setInterval(() => {
            if (busy) return;
            busy = true;
            task()
              .catch((error: unknown) => log.warn({ reason: String(error) }, "device link housekeeping failed"))
              .finally(() => {
                busy = false;
              });
          }, ms);
          timer.unref();
          timers.push(timer);
        };
        every(1_000, deps.sweepCommands);
        every(10 * 60_000, async () => {
          await maintenance.ensurePartitions();
          await maintenance.dropExpiredPartitions();
          await maintenance.pruneMessageIds();
          await maintenance.pruneDeadLetters();
        });
      }
      log.info(
        `device link: ${"embedded" in options.broker ? `embedded broker on port ${broker?.port}` : `broker ${withoutCredentials(url)}`}`,
      );
    },

    /**
     * Device traffic stops first (no new connection or message is taken, none acknowledged that
     * is not written), then what is queued is written for at most `withinMs`, then everything
     * closes. What was not written in time was never acknowledged: devices send it again.
     */
    stop(withinMs = 10_000): Promise<void> {
      stopping ??= (async () => {
        for (const timer of timers) clearInterval(timer);
        broker?.refuseTraffic();
        await gateway?.stop().catch(() => {});
        gateway = null;
        await accounts?.stop();
        accounts = null;
        const { unwritten } = await writer.stop(withinMs);
        if (unwritten > 0) log.warn({ messages: unwritten }, "device messages not written before stopping");
        await broker?.close();
        broker = null;
        unsubscribe?.();
        await events.stop();
      })();
      return stopping;
    },
  };
};

export type DeviceLink = ReturnType<typeof createDeviceLink>;
