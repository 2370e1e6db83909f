import { randomBytes } from "node:crypto";
import type { FastifyBaseLogger } from "fastify";
import { type Selectable, sql } from "kysely";
import type { Clock } from "../clock.ts";
import type { Db } from "../db/open.ts";
import type { MailOutboxTable } from "../db/schema.ts";
import { createOutageLog } from "../db/unavailable.ts";
import type { Mailer, MailMessage, MailTransport } from "./mailer.ts";

const MINUTE_MS = 60_000;
const HOUR_MS = 60 * MINUTE_MS;

/**
 * Mails one address may be sent in any hour. Anyone can file a repair report,
 * so without a cap 60 reports would be 60 mails to the distributor; past it,
 * mails are stored as suppressed and never sent.
 */
export const MAILS_PER_RECIPIENT_PER_HOUR = 20;
/**
 * Kinds the cap never holds back. Codes have their own limit per address (five
 * an hour) and a user waits for them; password notices tell the account holder
 * about a change to their own account, and a flood of other mails to the same
 * address must not be able to hide one.
 */
export const UNCAPPED_KINDS: ReadonlySet<string> = new Set([
  "register-code",
  "reset-code",
  "password-changed",
  "password-reset",
]);
/** A mail is retried for a day unless it says it is worthless sooner. */
export const GIVE_UP_AFTER_MS = 24 * HOUR_MS;
export const FIRST_RETRY_MS = 30_000;
export const MAX_RETRY_MS = 30 * MINUTE_MS;
/**
 * How long a claimed row belongs to the worker that claimed it. Longer than one
 * delivery can take with the transport's timeouts, so only a sender that died
 * loses its rows to another.
 */
export const LEASE_MS = 5 * MINUTE_MS;
export const WORKER_INTERVAL_MS = 15_000;
const BATCH_SIZE = 10;
/** Finished rows are kept this long (the hourly cap needs one hour; the rest is a record). */
export const KEEP_FINISHED_MS = 30 * 24 * HOUR_MS;

/** 30 s, 1 min, 2 min, 4 min … at most 30 min, after the attempt with this number failed. */
export const retryDelayMs = (attempts: number): number =>
  Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);

type Claimed = Pick<
  Selectable<MailOutboxTable>,
  "id" | "kind" | "recipient" | "subject" | "text" | "html" | "message_id" | "attempts" | "give_up_at"
>;
const CLAIMED = ["id", "kind", "recipient", "subject", "text", "html", "message_id", "attempts", "give_up_at"] as const;

export type AttemptOutcome = "sent" | "retrying" | "failed";
export interface OutboxRunResult {
  sent: number;
  retrying: number;
  failed: number;
}

/** The transport's error in a line for last_error: codes and the server's answer, never the SMTP_URL. */
const shortError = (error: unknown): string => {
  const e = (error ?? {}) as { code?: unknown; responseCode?: unknown; message?: unknown };
  return [
    typeof e.code === "string" ? e.code : null,
    typeof e.responseCode === "number" ? String(e.responseCode) : null,
    typeof e.message === "string" ? e.message : String(error),
  ]
    .filter(Boolean)
    .join(" ")
    .replace(/\s+/g, " ")
    .slice(0, 300);
};

/** The sender address's domain, the right-hand side of every Message-ID. */
const domainOf = (from: string): string => /@([^\s>@]+)>?\s*$/.exec(from)?.[1] ?? "vrf-cloud.local";

/**
 * The durable outbox: the Mailer the services use, and the worker that retries
 * what could not be sent at once. Rows are claimed with a lease under FOR UPDATE
 * SKIP LOCKED, so any number of instances (and workers) share the table without
 * sending a row twice.
 */
export function createMailOutbox(deps: { db: Db; clock: Clock; transport: MailTransport; log: FastifyBaseLogger }) {
  const { db, clock, transport, log } = deps;
  const domain = domainOf(transport.from);

  /** Writes the row; null when it was suppressed by the per-recipient cap. */
  const store = async (trx: Db, message: MailMessage): Promise<number | null> => {
    const now = clock.now();
    let suppressed = false;
    if (!UNCAPPED_KINDS.has(message.kind)) {
      // One writer per recipient at a time, so two requests cannot both take the last place under the cap.
      await sql`SELECT pg_advisory_xact_lock(hashtext(${`mail_outbox:${message.to.toLowerCase()}`}))`.execute(trx);
      const recent = await trx
        .selectFrom("mail_outbox")
        .where(sql`lower(recipient)`, "=", sql`lower(${message.to})`)
        .where("created_at", ">", new Date(now.getTime() - HOUR_MS))
        .where("status", "<>", "suppressed")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow();
      suppressed = Number(recent.n) >= MAILS_PER_RECIPIENT_PER_HOUR;
    }
    // The id first, so the Message-ID can be written with the row (the random part keeps
    // it unique should ids ever start again on a fresh database).
    const next = await sql<{ id: number | bigint }>`SELECT nextval('mail_outbox_id_seq') AS id`.execute(trx);
    const id = Number(next.rows[0]?.id);
    await trx
      .insertInto("mail_outbox")
      .values({
        id,
        kind: message.kind,
        recipient: message.to,
        subject: message.subject,
        // A suppressed mail is never sent: its words (someone else's, in the abuse case) are not kept.
        text: suppressed ? "" : message.text,
        html: suppressed ? null : (message.html ?? null),
        message_id: `<${id}.${randomBytes(6).toString("hex")}@${domain}>`,
        status: suppressed ? "suppressed" : "pending",
        created_at: now,
        next_attempt_at: now,
        give_up_at: message.giveUpAt ?? new Date(now.getTime() + GIVE_UP_AFTER_MS),
      })
      .execute();
    if (suppressed) {
      log.warn(
        { outboxId: id, kind: message.kind, limit: MAILS_PER_RECIPIENT_PER_HOUR },
        "mail suppressed: its recipient was sent too many mails in the last hour",
      );
      return null;
    }
    return id;
  };

  const claim = (now: Date) =>
    db
      .updateTable("mail_outbox")
      .set((eb) => ({
        status: "sending",
        locked_until: new Date(now.getTime() + LEASE_MS),
        attempts: eb("attempts", "+", 1),
      }))
      .returning(CLAIMED);

  /** The one row just stored, for its first attempt (unless a worker took it already). */
  const claimOne = (id: number): Promise<Claimed | undefined> =>
    claim(clock.now()).where("id", "=", id).where("status", "=", "pending").executeTakeFirst();

  /** Due rows, and rows whose sender's lease ran out; rows another worker holds are skipped. */
  const claimDue = (now: Date, limit: number): Promise<Claimed[]> =>
    claim(now)
      .where("id", "in", (eb) =>
        eb
          .selectFrom("mail_outbox")
          .select("id")
          .where((w) =>
            w.or([
              w.and([w("status", "=", "pending"), w("next_attempt_at", "<=", now)]),
              w.and([w("status", "=", "sending"), w("locked_until", "<=", now)]),
            ]),
          )
          .orderBy("next_attempt_at")
          .orderBy("id")
          .limit(limit)
          .forUpdate()
          .skipLocked(),
      )
      .execute();

  const attempt = async (row: Claimed): Promise<AttemptOutcome> => {
    try {
      await transport.deliver({
        to: row.recipient,
        subject: row.subject,
        text: row.text,
        html: row.html ?? undefined,
        kind: row.kind,
        messageId: row.message_id,
      });
    } catch (error) {
      const now = clock.now();
      const nextAttemptAt = new Date(now.getTime() + retryDelayMs(row.attempts));
      const giveUp = nextAttemptAt.getTime() > new Date(row.give_up_at).getTime();
      await db
        .updateTable("mail_outbox")
        .set({
          status: giveUp ? "failed" : "pending",
          next_attempt_at: nextAttemptAt,
          locked_until: null,
          last_error: shortError(error),
        })
        .where("id", "=", row.id)
        .where("status", "=", "sending")
        .execute();
      const detail = { outboxId: row.id, kind: row.kind, attempts: row.attempts, error: shortError(error) };
      if (giveUp) log.error(detail, "mail failed: giving up");
      else log.warn({ ...detail, retryAt: nextAttemptAt.toISOString() }, "mail not sent: will retry");
      return giveUp ? "failed" : "retrying";
    }
    // Sent: the body has done its job (and a code mail's code must not stay readable here).
    await db
      .updateTable("mail_outbox")
      .set({ status: "sent", sent_at: clock.now(), locked_until: null, last_error: null, text: "", html: null })
      .where("id", "=", row.id)
      .execute();
    return "sent";
  };

  /** The first attempt of a stored mail; its failure is the worker's to retry, never the caller's error. */
  const firstAttempt = (id: number | null) => async () => {
    if (id === null) return;
    try {
      const row = await claimOne(id);
      if (row) await attempt(row);
    } catch (error) {
      log.error({ err: error, outboxId: id }, "mail stored; its first attempt failed");
    }
  };

  let lastPurge = 0;
  const purge = async (now: Date) => {
    if (now.getTime() - lastPurge < HOUR_MS) return;
    lastPurge = now.getTime();
    await db
      .deleteFrom("mail_outbox")
      .where("status", "in", ["sent", "failed", "suppressed"])
      .where("created_at", "<", new Date(now.getTime() - KEEP_FINISHED_MS))
      .execute();
  };

  const runOnce = async (): Promise<OutboxRunResult> => {
    const result: OutboxRunResult = { sent: 0, retrying: 0, failed: 0 };
    for (;;) {
      const rows = await claimDue(clock.now(), BATCH_SIZE);
      const outcomes = await Promise.all(rows.map(attempt));
      for (const outcome of outcomes) result[outcome] += 1;
      // A full batch that got through means more may be waiting; a failing server waits for the next tick.
      if (rows.length < BATCH_SIZE || !outcomes.includes("sent")) break;
    }
    await purge(clock.now());
    return result;
  };

  let running: Promise<OutboxRunResult> | null = null;
  let timer: ReturnType<typeof setInterval> | undefined;

  const runDue = (): Promise<OutboxRunResult> => {
    if (!running) {
      running = runOnce().finally(() => {
        running = null;
      });
    }
    return running;
  };

  const mailer: Mailer = {
    async send(message) {
      const id = await db.transaction().execute((trx) => store(trx, message));
      await firstAttempt(id)();
    },
    async enqueue(trx, message) {
      return firstAttempt(await store(trx, message));
    },
  };

  return {
    mailer,
    /** Sends what is due now; a call while a run is going on waits for that run. */
    runDue,
    /** Runs the worker every `intervalMs`; it never keeps the process alive on its own. */
    start(intervalMs = WORKER_INTERVAL_MS) {
      if (timer) return;
      const outage = createOutageLog(log, "mail outbox run");
      timer = setInterval(() => {
        runDue().then(outage.succeeded, outage.failed);
      }, intervalMs);
      timer.unref();
    },
    /** Stops the worker and waits for a run in progress, so the database can be closed after. */
    async stop() {
      clearInterval(timer);
      timer = undefined;
      await running?.catch(() => undefined);
    },
  };
}

export type MailOutbox = ReturnType<typeof createMailOutbox>;
