import { withoutCredentials } from "./without-credentials.ts";

/**
 * What `npm start` prints once it listens: where to open the portal, how to sign in, where mail
 * goes and where devices connect, in a few lines a person reads before the log scrolls on.
 */
export interface StartFacts {
  /** The address to open in a browser. */
  url: string;
  /** Demo accounts to sign in with, or none when demo data is off. */
  demoAccounts: readonly string[];
  demoPassword: string;
  /** SMTP_URL when set (its credentials are never printed); else mails become files in `outboxDir`. */
  smtpUrl: string | undefined;
  outboxDir: string;
  /** The embedded broker's port, or the external broker's URL (credentials never printed). */
  mqtt: { port: number } | { url: string } | null;
  requestLogs: boolean;
}

const row = (label: string, text: string) => `  ${label.padEnd(9)}${text}`;
const more = (text: string) => `  ${" ".repeat(9)}${text}`;

export const startBanner = (facts: StartFacts): string => {
  const lines = ["", "VRF Cloud is running", row("Open", facts.url)];
  if (facts.demoAccounts.length > 0) {
    lines.push(
      row("Sign in", facts.demoAccounts.join(", ")),
      more(`password ${facts.demoPassword} for every demo account`),
    );
  }
  if (facts.smtpUrl) {
    lines.push(row("Mail", `sent through ${withoutCredentials(facts.smtpUrl)} (SMTP_URL)`));
  } else {
    lines.push(
      row("Mail", `written as .eml files to ${facts.outboxDir}`),
      more("one log line per mail names its file; set SMTP_URL to send real mail"),
    );
  }
  if (facts.mqtt && "port" in facts.mqtt) lines.push(row("MQTT", `embedded broker on port ${facts.mqtt.port}`));
  if (facts.mqtt && "url" in facts.mqtt) lines.push(row("MQTT", `broker ${withoutCredentials(facts.mqtt.url)}`));
  lines.push(
    row(
      "Logs",
      facts.requestLogs ? "every request is logged (LOG_LEVEL=debug)" : "requests are logged with LOG_LEVEL=debug",
    ),
    "",
  );
  return lines.join("\n");
};
