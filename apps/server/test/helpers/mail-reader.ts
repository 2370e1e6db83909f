import { simpleParser } from "mailparser";

/** One mail as a reader sees it: addressee, subject and the decoded bodies. */
export interface ReadMail {
  to: string;
  subject: string;
  text: string;
  /** The HTML part as sent (entities left escaped), or "". */
  html: string;
  messageId: string;
}

/**
 * Decodes a raw RFC 822 message. Tests look for codes in the decoded body only: the raw
 * text also holds random Message-IDs and MIME boundaries, where six digits can turn up.
 */
export async function readMail(raw: string | Buffer): Promise<ReadMail> {
  const mail = await simpleParser(raw);
  const to = Array.isArray(mail.to) ? mail.to.map((a) => a.text).join(", ") : (mail.to?.text ?? "");
  return {
    to,
    subject: mail.subject ?? "",
    text: mail.text ?? "",
    html: mail.html || "",
    messageId: mail.messageId ?? "",
  };
}

/** The six-digit code in a decoded body, if there is one. */
export const codeIn = (text: string): string | undefined => /(?<!\d)(\d{6})(?!\d)/.exec(text)?.[1];
