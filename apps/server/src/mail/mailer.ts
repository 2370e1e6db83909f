import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";
import type { Db } from "../db/open.ts";
import { withoutCredentials } from "../logging/without-credentials.ts";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Short label for file names and logs, e.g. "register-code". */
  kind: string;
  /** When the mail stops being worth sending (a code that expired); a day when absent. */
  giveUpAt?: Date;
}

/**
 * What the services send mail with. Every mail goes through the outbox in the
 * database (mail-outbox.ts), so a mail server that is down delays a mail but
 * neither loses it nor fails the request that caused it.
 */
export interface Mailer {
  /**
   * Stores the mail, then tries to deliver it once before resolving; a failed
   * attempt is left to the outbox worker. Rejects only when the mail could not be
   * stored. Must not be called while a transaction holds PGlite's one connection:
   * use `enqueue` inside a transaction.
   */
  send(message: MailMessage): Promise<void>;
  /**
   * Stores the mail inside the caller's transaction, so the mail exists exactly
   * when the write that caused it does. Resolves with the first delivery attempt,
   * to be run after the commit.
   */
  enqueue(trx: Db, message: MailMessage): Promise<() => Promise<void>>;
}

/** One stored mail as the transport receives it. */
export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html?: string | undefined;
  kind: string;
  /** `<…@…>`, the same on every attempt of one outbox row. */
  messageId: string;
}

/** How a mail leaves the outbox. `deliver` rejects when the mail was not accepted. */
export interface MailTransport {
  /** The sender address; its domain names the Message-IDs. */
  readonly from: string;
  deliver(mail: OutgoingMail): Promise<void>;
}

/**
 * A dead or unreachable server must fail an attempt quickly: the first attempt
 * runs inside the request that caused the mail. An operator may still set
 * these in SMTP_URL's query string.
 */
const SMTP_TIMEOUTS = { connectionTimeout: 5_000, greetingTimeout: 5_000, socketTimeout: 30_000 };

const withTimeouts = (smtpUrl: string): string => {
  const url = new URL(smtpUrl);
  for (const [name, ms] of Object.entries(SMTP_TIMEOUTS)) {
    if (!url.searchParams.has(name)) url.searchParams.set(name, String(ms));
  }
  return url.toString();
};

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/outbox so the demo and the tests can read what was sent.
 */
export function createMailTransport(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): MailTransport {
  const envelope = (mail: OutgoingMail) => ({
    from: options.from,
    to: mail.to,
    subject: mail.subject,
    text: mail.text,
    html: mail.html,
    messageId: mail.messageId,
  });
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(withTimeouts(options.smtpUrl));
    // Where the mail went, for the one line logged per mail (never the credentials).
    const server = withoutCredentials(options.smtpUrl);
    return {
      from: options.from,
      async deliver(mail) {
        await transport.sendMail(envelope(mail));
        options.log.info({ kind: mail.kind, messageId: mail.messageId, server }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    from: options.from,
    async deliver(mail) {
      const info = await transport.sendMail(envelope(mail));
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const safeTo = mail.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = join(
        options.outboxDir,
        `${Date.now()}-${String(sequence).padStart(4, "0")}-${mail.kind}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ kind: mail.kind, file }, "mail written to outbox");
    },
  };
}
