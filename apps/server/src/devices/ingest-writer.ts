import { type Kysely, sql } from "kysely";
import type { Db } from "../db/open.ts";
import { openPipelinedConnection, type PipelinedConnection } from "../db/pipelined-connection.ts";
import type { Database } from "../db/schema.ts";
import { createDeviceDeadLetterRepository } from "../modules/device-dead-letters/device-dead-letters.repository.ts";
import { createDeadLetterBudget, deadLetterError, isPassingRefusal } from "./dead-letters.ts";
import type { DeviceDirectory } from "./device-directory.ts";
import { type writeIngestBatch, writeIngestTransaction } from "./ingest.repository.ts";
import type { CheckedMessage, DeviceEvent, IngestItem, QueuedMessage } from "./ingest-item.ts";
import { createIngestMemory } from "./ingest-memory.ts";
import { createMessageReader } from "./message-reader.ts";
import type { TrafficCounters } from "./traffic-counters.ts";

export interface IngestWriterOptions {
  db: Db;
  directory: DeviceDirectory;
  counters: TrafficCounters;
  /** Runs inside each batch's transaction with its events (PostgreSQL queues NOTIFY there). */
  inTransaction: (tx: Kysely<Database>, events: DeviceEvent[]) => Promise<void>;
  /** Told after each commit; never before, so a browser never sees what was rolled back. */
  onCommitted: (events: DeviceEvent[]) => void;
  /**
   * Told of each batch once all its messages are settled (committed, dropped or set aside), for
   * the receipts devices wait for (docs/device-protocol.md section 4.3).
   */
  onSettled?: (batch: CheckedMessage[]) => void;
  log: { warn: (fields: Record<string, unknown>, message: string) => void };
  /** A batch is written when it holds this many messages… */
  maxBatch?: number;
  /**
   * …or when its first message has waited this long; also while the previous batch was being
   * written, so a batch holds this much traffic at least (unless full). A batch has a fixed cost
   * (its round trips, transaction and statements' start) of about 4 ms of CPU between the portal
   * and PostgreSQL; written as soon as the previous one committed, batches at 10,000 msg/s held
   * 50-100 messages and that cost took a third of a core.
   */
  maxDelayMs?: number;
  /**
   * Past this many queued messages the gateway stops acknowledging, so the broker holds the rest
   * (decision 0005: the broker's own queue per session is small, and what overflows it is lost).
   */
  highWater?: number;
  /** Wait before a batch is tried again while the database cannot be reached. */
  retryMs?: number;
  /** The clock dead letters are dated by. */
  now?: () => Date;
  /**
   * Told when the database refuses a batch; resolves true when it put right what was wrong (a
   * missing partition), and the batch is tried again at once.
   */
  repair?: (error: unknown, batch: CheckedMessage[]) => Promise<boolean>;
  /**
   * Batches written side by side, each device always in the same one. PostgreSQL: two, so one
   * batch is prepared and sent while another commits; the embedded database has one connection.
   */
  lanes?: number;
}

/**
 * Batches device messages: one transaction per batch of up to a few hundred messages or a few tens
 * of milliseconds (DESIGN section 10). While the database cannot be reached, a batch stays at the
 * head of the queue and is tried again, so a database restart loses nothing. A batch the database
 * answers but refuses holds a message it cannot store: the batch is split until that message is
 * found, which goes to the dead letters (decision 0014), and the rest is written. A message is
 * settled (`onSettled`: its acknowledgement may go) once it is committed, dropped or dead-lettered.
 */
export const createIngestWriter = (options: IngestWriterOptions) => {
  const maxBatch = options.maxBatch ?? 500;
  const maxDelayMs = options.maxDelayMs ?? 50;
  const highWater = options.highWater ?? 50_000;
  const retryMs = options.retryMs ?? 1_000;
  const { counters } = options;
  const now = options.now ?? (() => new Date());
  let stopped = false;
  /** Wakes retries that wait, once the writer is told to stop. */
  let wake: () => void = () => {};
  const stopping = new Promise<void>((resolve) => {
    wake = resolve;
  });
  let waiters: (() => void)[] = [];
  const memory = createIngestMemory();
  const deadLetters = createDeviceDeadLetterRepository(options.db);
  const deadLetterBudget = createDeadLetterBudget();

  const read = createMessageReader(counters);

  type BatchResult = Awaited<ReturnType<typeof writeIngestBatch>>;
  const observers = new Set<(result: BatchResult, ms: number) => void>();

  const writeOne = async (connection: PipelinedConnection, checked: CheckedMessage[]) => {
    if (checked.length === 0) return;
    const devices = await options.directory.resolve(checked.map((m) => m.deviceId));
    const known: IngestItem[] = [];
    for (const message of checked) {
      const device = devices.get(message.deviceId.toLowerCase());
      if (device) {
        // The checked message becomes the item (no copy).
        const item = message as IngestItem;
        item.device = device;
        known.push(item);
      } else counters.drop("unknownDevice", message.deviceId);
    }
    if (known.length === 0) return;
    const started = performance.now();
    const result = await writeIngestTransaction(connection, known, memory, options.inTransaction);
    counters.written(result.written.length);
    for (let i = 0; i < result.duplicates; i++) counters.drop("duplicate", "-");
    for (const item of result.capacityFull) counters.drop("capacityFull", item.deviceId);
    for (const item of result.unknownTask) counters.drop("unknownTask", item.deviceId);
    if (result.events.length > 0) options.onCommitted(result.events);
    const ms = performance.now() - started;
    for (const observe of observers) observe(result, ms);
  };

  /** One queue and one transaction at a time; a device always goes to the same lane, so its messages stay in order. */
  const createLane = () => {
    // A connection of its own per lane (PostgreSQL), so its statements can be pipelined.
    const connection = openPipelinedConnection(options.db);
    // The queue is `queue` from `head` on: a written batch moves the head, and the arrays are
    // cut down only once most of them is behind it (a backlog is tens of thousands of messages,
    // and copying the rest after each batch was work and garbage in proportion).
    let queue: QueuedMessage[] = [];
    let head = 0;
    let timer: NodeJS.Timeout | null = null;
    let running: Promise<void> | null = null;

    /** When each queued message was queued (performance.now(): the gateway's clock may be a test's). */
    let queuedAt: number[] = [];
    const length = () => queue.length - head;
    const waited = () => performance.now() - (queuedAt[head] as number);
    /** Whether the head of the queue is a batch to write now: full, or its first message has waited long enough. */
    const due = () => length() >= maxBatch || (length() > 0 && waited() >= maxDelayMs);
    const advance = (count: number) => {
      head += count;
      if (head < 4_096 || head * 2 < queue.length) return;
      queue = queue.slice(head);
      queuedAt = queuedAt.slice(head);
      head = 0;
    };

    /** Whether the database answers at all: a refusal it answers is about the batch, not the connection. */
    const databaseAnswers = async (): Promise<boolean> => {
      let timer: NodeJS.Timeout | undefined;
      const timeout = new Promise<false>((resolve) => {
        timer = setTimeout(() => resolve(false), 2_000);
      });
      const probe = sql`SELECT 1`.execute(options.db).then(
        () => true,
        () => false,
      );
      try {
        return await Promise.race([probe, timeout]);
      } finally {
        clearTimeout(timer);
      }
    };

    /** Keeps the one message the database refuses, unless its device has filled its share of the table. */
    const deadLetter = async (message: CheckedMessage, error: unknown) => {
      const reason = deadLetterError(error);
      counters.drop("deadLetter", message.deviceId, `${message.topic}: ${reason}`);
      if (!deadLetterBudget.take(message.deviceId.toLowerCase(), now().getTime())) return;
      const device = (await options.directory.resolve([message.deviceId])).get(message.deviceId.toLowerCase());
      await deadLetters.insert([
        {
          organisationId: device?.organisationId ?? null,
          deviceId: device?.id ?? null,
          serialNumber: message.deviceId,
          topic: message.topic,
          payload: message.payload,
          error: reason,
          receivedAt: message.receivedAt,
          createdAt: now(),
        },
      ]);
    };

    const pause = () => Promise.race([stopping, new Promise<void>((resolve) => setTimeout(resolve, retryMs).unref())]);

    /**
     * Resolves true once every message of the batch is written or set aside, false when the
     * writer stopped first. Refused by a database that answers: split in two, each half written
     * on its own, down to the single message that is kept as a dead letter. A refusal that says
     * nothing about the messages (a deadlock, a statement cut short, a full disk) is tried again
     * whole, as is everything while the database does not answer.
     */
    const writeIsolating = async (checked: CheckedMessage[]): Promise<boolean> => {
      let repaired = false;
      let passing = 0;
      for (;;) {
        try {
          await writeOne(connection, checked);
          return true;
        } catch (refusal) {
          let error = refusal;
          // Once per batch: what a repair did not fix is judged like any other refusal.
          if (!repaired && !stopped) {
            repaired = true;
            if (await options.repair?.(error, checked).catch(() => false)) continue;
          }
          // A passing refusal of one message is believed twice; a third time, the message is the cause.
          const retry = isPassingRefusal(error) && (checked.length > 1 || ++passing < 3);
          if (!retry && (await databaseAnswers())) {
            if (checked.length === 1) {
              try {
                await deadLetter(checked[0] as CheckedMessage, error);
                return true;
              } catch (failed) {
                error = failed;
              }
            } else {
              const half = Math.ceil(checked.length / 2);
              return (await writeIsolating(checked.slice(0, half))) && (await writeIsolating(checked.slice(half)));
            }
          }
          options.log.warn(
            { reason: error instanceof Error ? error.message : String(error), messages: checked.length },
            "device batch not written; retrying",
          );
          if (stopped) return false;
          await pause();
          if (stopped) return false;
        }
      }
    };

    const drain = async (all = false) => {
      while (all ? length() > 0 : due()) {
        const batch = queue.slice(head, head + maxBatch);
        // Read once: a batch the database refuses is tried again as read, its bad messages counted once.
        const checked: CheckedMessage[] = [];
        for (const queued of batch) {
          const message = read(queued);
          if (message) checked.push(message);
        }
        if (!(await writeIsolating(checked))) return;
        options.onSettled?.(checked);
        advance(batch.length);
        for (const queued of batch) queued.onSettled?.();
        releaseWaiters();
      }
    };

    const kick = () => {
      timer = null;
      if (running) return;
      running = drain().finally(() => {
        running = null;
        if (length() > 0 && !stopped) schedule();
      });
    };

    const schedule = () => {
      if (running || length() === 0) return;
      if (due()) {
        // A full batch does not wait for the timer set for its first message.
        if (timer) clearTimeout(timer);
        kick();
      } else if (!timer) timer = setTimeout(kick, Math.max(1, maxDelayMs - waited()));
    };

    return {
      enqueue(message: QueuedMessage) {
        queue.push(message);
        queuedAt.push(performance.now());
        schedule();
      },
      async flush(): Promise<void> {
        if (timer) clearTimeout(timer);
        timer = null;
        while (running) await running;
        if (length() > 0) {
          running = drain(true).finally(() => {
            running = null;
          });
          await running;
        }
      },
      queued: length,
      close: () => connection.close(),
    };
  };

  const lanes = Array.from({ length: Math.max(1, options.lanes ?? 1) }, createLane);
  const queued = () => lanes.reduce((n, lane) => n + lane.queued(), 0);
  const laneOf = (deviceId: string) => {
    let hash = 0;
    for (const char of deviceId.toLowerCase()) hash = (hash * 31 + char.charCodeAt(0)) | 0;
    return lanes[Math.abs(hash) % lanes.length] as ReturnType<typeof createLane>;
  };

  function releaseWaiters() {
    if (queued() >= highWater) return;
    const ready = waiters;
    waiters = [];
    for (const resolve of ready) resolve();
  }

  return {
    enqueue(message: QueuedMessage) {
      laneOf(message.deviceId).enqueue(message);
    },
    /** Whether the queues are below the high-water mark: a message may be acknowledged now. */
    hasRoom: () => queued() < highWater,
    /** Resolves at once below the high-water mark, else when the queues have drained below it. */
    room(): Promise<void> {
      if (queued() < highWater) return Promise.resolve();
      return new Promise((resolve) => waiters.push(resolve));
    },
    /** Writes everything queued so far (tests, shutdown). */
    async flush(): Promise<void> {
      await Promise.all(lanes.map((lane) => lane.flush()));
    },
    /**
     * Writes what is queued, for at most `withinMs`; then gives up on the rest, which was never
     * settled (never acknowledged), so the broker or the device sends it again.
     */
    async stop(withinMs = 10_000): Promise<{ unwritten: number }> {
      let timer: NodeJS.Timeout | undefined;
      await Promise.race([
        this.flush(),
        new Promise<void>((resolve) => {
          timer = setTimeout(resolve, withinMs);
        }),
      ]);
      clearTimeout(timer);
      stopped = true;
      wake();
      const unwritten = queued();
      releaseWaiters();
      await Promise.all(lanes.map((lane) => lane.close()));
      return { unwritten };
    },
    /** Told of each committed batch and how long its transaction took (benchmarks, metrics). */
    observe(observer: (result: BatchResult, ms: number) => void): () => void {
      observers.add(observer);
      return () => observers.delete(observer);
    },
    queued,
  };
};

export type IngestWriter = ReturnType<typeof createIngestWriter>;
