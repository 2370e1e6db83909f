import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { buildApp } from "../../apps/server/src/app.ts";
import { migrateToLatest } from "../../apps/server/src/db/migrate.ts";
import { openDb } from "../../apps/server/src/db/open.ts";
import { seedDemoData } from "../../apps/server/src/db/seed/demo-data.ts";
import { seedReferenceData } from "../../apps/server/src/db/seed/reference-data.ts";
import { createMailTransport } from "../../apps/server/src/mail/mailer.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
// E2E_WEB_DIST lets a second build (another outDir) be tested without touching apps/web/dist.
export const WEB_DIST = process.env.E2E_WEB_DIST ?? join(REPO_ROOT, "apps/web/dist");

// Cheap hashes keep sign-ins fast; the cost itself is covered by the API tests and the demo.
const PASSWORD_COST = 10;

/** One decoded mail from the outbox. */
export interface OutboxMail {
  file: string;
  to: string;
  subject: string;
  text: string;
}

const decodeQuotedPrintable = (body: string): string => {
  const bytes: number[] = [];
  const soft = body.replace(/=\r?\n/g, "");
  for (let i = 0; i < soft.length; i++) {
    const char = soft[i] as string;
    const hex = soft.slice(i + 1, i + 3);
    if (char === "=" && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(Number.parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(char, "utf8"));
    }
  }
  return Buffer.from(bytes).toString("utf8");
};

const decodePart = (headers: string, body: string): string => {
  const encoding = /content-transfer-encoding:\s*([^\s;]+)/i.exec(headers)?.[1]?.toLowerCase();
  if (encoding === "base64") return Buffer.from(body.replace(/\s+/g, ""), "base64").toString("utf8");
  if (encoding === "quoted-printable") return decodeQuotedPrintable(body);
  return body;
};

const splitHeaders = (raw: string): [string, string] => {
  const at = raw.search(/\r?\n\r?\n/);
  if (at < 0) return [raw, ""];
  return [raw.slice(0, at), raw.slice(at).replace(/^\r?\n\r?\n/, "")];
};

const headerValue = (headers: string, name: string): string => {
  const unfolded = headers.replace(/\r?\n[ \t]+/g, " ");
  return new RegExp(`^${name}:\\s*(.*)$`, "im").exec(unfolded)?.[1]?.trim() ?? "";
};

/** The plain-text body of an .eml (the text/plain part of a multipart mail), decoded. */
export const parseEml = (file: string, raw: string): OutboxMail => {
  const [headers, body] = splitHeaders(raw);
  const boundary = /boundary="?([^";\r\n]+)"?/i.exec(headers.replace(/\r?\n[ \t]+/g, " "))?.[1];
  let text = decodePart(headers, body);
  if (boundary) {
    const parts = body.split(`--${boundary}`).slice(1);
    const plain = parts
      .map((part) => splitHeaders(part.replace(/^\r?\n/, "")))
      .find(([partHeaders]) => /content-type:\s*text\/plain/i.test(partHeaders));
    if (plain) text = decodePart(plain[0], plain[1]);
  }
  return { file, to: headerValue(headers, "To"), subject: headerValue(headers, "Subject"), text };
};

export interface E2eServer {
  baseUrl: string;
  dataDir: string;
  app: Awaited<ReturnType<typeof buildApp>>;
  outbox: {
    /** Every mail written so far, oldest first. */
    messages(): Promise<OutboxMail[]>;
    /** The newest mail to `email`; throws when there is none. */
    latest(email: string): Promise<OutboxMail>;
    /** The six-digit code in the newest mail to `email`. */
    latestCode(email: string): Promise<string>;
  };
  close(): Promise<void>;
}

/**
 * The real server for one test file: a temporary DATA_DIR holding PGlite and the
 * mail outbox, reference and demo data, the built web app, a free port on 127.0.0.1.
 */
export async function startServer(): Promise<E2eServer> {
  if (!existsSync(join(WEB_DIST, "index.html"))) {
    throw new Error(
      `The built web app is missing (${WEB_DIST}/index.html). Run \`npm run build -w @vrf/web\` before the e2e tests.`,
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), "vrf-e2e-"));
  const outboxDir = join(dataDir, "outbox");
  const db = openDb({ dataDir });
  try {
    await migrateToLatest(db);
    await seedReferenceData(db);
    await seedDemoData(db, { passwordCost: PASSWORD_COST, now: new Date() });
  } catch (error) {
    await db.destroy();
    await rm(dataDir, { recursive: true, force: true });
    throw error;
  }

  const app = await buildApp({
    db,
    mailer: (log) => createMailTransport({ outboxDir, from: "VRF Cloud <e2e@vrf.local>", log }),
    webDist: WEB_DIST,
    passwordCost: PASSWORD_COST,
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the server did not bind a TCP port");

  const outbox: E2eServer["outbox"] = {
    async messages() {
      if (!existsSync(outboxDir)) return [];
      // File names start with the time and a sequence number, so the name order is the sending order.
      const files = (await readdir(outboxDir)).filter((f) => f.endsWith(".eml")).sort();
      return Promise.all(files.map(async (f) => parseEml(f, await readFile(join(outboxDir, f), "utf8"))));
    },
    async latest(email) {
      const wanted = email.toLowerCase();
      const mail = (await this.messages()).filter((m) => m.to.toLowerCase().includes(wanted)).at(-1);
      if (!mail) throw new Error(`no mail to ${email} in ${outboxDir}`);
      return mail;
    },
    async latestCode(email) {
      const mail = await this.latest(email);
      const code = /(?<!\d)(\d{6})(?!\d)/.exec(mail.text)?.[1];
      if (!code) throw new Error(`no six-digit code in the mail to ${email} (${mail.file}): ${mail.text}`);
      return code;
    },
  };

  return {
    baseUrl: `http://127.0.0.1:${address.port}`,
    dataDir,
    app,
    outbox,
    async close() {
      await app.close();
      await db.destroy();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
