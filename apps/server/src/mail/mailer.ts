import { mkdir, writeFile } from "node:fs/promises";
import { join } from "node:path";
import type { FastifyBaseLogger } from "fastify";
import nodemailer from "nodemailer";

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html?: string;
  /** Short label for file names and logs, e.g. "register-code". */
  kind: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
}

/**
 * SMTP when SMTP_URL is set; otherwise every mail becomes an .eml file in
 * DATA_DIR/outbox so the demo and the tests can read what was sent.
 */
export function createMailer(options: {
  smtpUrl?: string | undefined;
  from: string;
  outboxDir: string;
  log: FastifyBaseLogger;
}): Mailer {
  if (options.smtpUrl) {
    const transport = nodemailer.createTransport(options.smtpUrl);
    return {
      async send(message) {
        await transport.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
        });
        options.log.info({ kind: message.kind }, "mail sent");
      },
    };
  }
  const transport = nodemailer.createTransport({ streamTransport: true, buffer: true, newline: "unix" });
  let sequence = 0;
  return {
    async send(message) {
      const info = await transport.sendMail({
        from: options.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      await mkdir(options.outboxDir, { recursive: true });
      sequence += 1;
      const safeTo = message.to.replace(/[^a-zA-Z0-9@._-]/g, "_");
      const file = join(
        options.outboxDir,
        `${Date.now()}-${String(sequence).padStart(4, "0")}-${message.kind}-${safeTo}.eml`,
      );
      await writeFile(file, info.message as Buffer);
      options.log.info({ kind: message.kind, file }, "mail written to outbox");
    },
  };
}
