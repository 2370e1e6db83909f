import { type Kysely, sql } from "kysely";
import pg from "pg";
import { arrayLiteral } from "../db/array-literal.ts";
import type { Database } from "../db/schema.ts";
import type { DeviceEvent } from "./ingest-item.ts";

export const DEVICE_EVENTS_CHANNEL = "vrf_device_events";
/** PostgreSQL refuses a NOTIFY payload of 8000 bytes or more. */
const MAX_NOTIFY_BYTES = 7_500;

type Listener = (event: DeviceEvent) => void;

/** Splits events into JSON arrays that each fit one NOTIFY. */
export const notifyPayloads = (events: DeviceEvent[]): string[] => {
  const payloads: string[] = [];
  let current: string[] = [];
  let size = 2;
  for (const event of events) {
    const json = JSON.stringify(event);
    if (current.length > 0 && size + json.length + 1 > MAX_NOTIFY_BYTES) {
      payloads.push(`[${current.join(",")}]`);
      current = [];
      size = 2;
    }
    current.push(json);
    size += json.length + 1;
  }
  if (current.length > 0) payloads.push(`[${current.join(",")}]`);
  return payloads;
};

/**
 * Device events reach every instance's browsers. On PostgreSQL they travel as NOTIFY inside the
 * writing transaction, so they are delivered on commit and never for a rollback, and every
 * instance (the writer included) hears them on its LISTEN connection. The embedded database has
 * one process, so events go straight to its listeners after the commit.
 */
export const createDeviceEvents = (options: {
  databaseUrl?: string | undefined;
  /** Instances of one deployment share a channel; tests on one server each use their own. */
  channel?: string | undefined;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
}) => {
  const channel = options.channel ?? DEVICE_EVENTS_CHANNEL;
  const listeners = new Set<Listener>();
  const deliver = (event: DeviceEvent) => {
    for (const listener of listeners) {
      try {
        listener(event);
      } catch (error) {
        options.log.warn({ reason: String(error) }, "device event listener failed");
      }
    }
  };
  let client: pg.Client | null = null;
  let stopped = false;

  const listen = async (): Promise<void> => {
    if (!options.databaseUrl || stopped) return;
    const next = new pg.Client({ connectionString: options.databaseUrl });
    next.on("notification", (message) => {
      if (message.channel !== channel || !message.payload) return;
      try {
        for (const event of JSON.parse(message.payload) as DeviceEvent[]) deliver(event);
      } catch {
        options.log.warn({}, "unreadable device event notification");
      }
    });
    // A lost LISTEN connection is made again; events in between are missed, and pages refetch on reconnect.
    next.on("error", (error) => {
      options.log.warn({ reason: error.message }, "device event connection lost");
      next.end().catch(() => {});
      if (client === next) client = null;
      if (!stopped) setTimeout(() => void listen().catch(() => {}), 1_000).unref();
    });
    await next.connect();
    await next.query(`LISTEN ${next.escapeIdentifier(channel)}`);
    client = next;
  };

  return {
    viaDatabase: Boolean(options.databaseUrl),
    start: listen,

    /** Inside the writing transaction: queue the notification for its commit (PostgreSQL). */
    async inTransaction(tx: Kysely<Database>, events: DeviceEvent[]): Promise<void> {
      if (!options.databaseUrl) return;
      // One round trip for all of a batch's notifications (unnest keeps their order).
      await sql`SELECT pg_notify(${channel}, p) FROM unnest(${arrayLiteral(notifyPayloads(events))}::text[]) AS p`.execute(
        tx,
      );
    },

    /** Outside a write: tells every instance now. */
    async announce(db: Kysely<Database>, events: DeviceEvent[]): Promise<void> {
      if (events.length === 0) return;
      if (!options.databaseUrl) {
        for (const event of events) deliver(event);
        return;
      }
      for (const payload of notifyPayloads(events)) {
        await sql`SELECT pg_notify(${channel}, ${payload})`.execute(db);
      }
    },

    /** After the commit: the embedded database's events go to listeners now. */
    committed(events: DeviceEvent[]): void {
      if (options.databaseUrl) return;
      for (const event of events) deliver(event);
    },

    subscribe(listener: Listener): () => void {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },

    async stop(): Promise<void> {
      stopped = true;
      await client?.end().catch(() => {});
      client = null;
    },
  };
};

export type DeviceEvents = ReturnType<typeof createDeviceEvents>;
