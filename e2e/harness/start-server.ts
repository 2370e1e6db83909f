import { existsSync } from "node:fs";
import { mkdtemp, readdir, readFile, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { inject } from "vitest";
import { type AppOptions, buildApp } from "../../apps/server/src/app.ts";
import { openDb } from "../../apps/server/src/db/open.ts";
import { createMailTransport } from "../../apps/server/src/mail/mailer.ts";
import { codeIn, type ReadMail, readMail } from "../../apps/server/test/helpers/mail-reader.ts";
import { loadSeededDatabase, type SeededDatabase } from "../../apps/server/test/helpers/seeded-database.ts";

export const REPO_ROOT = fileURLToPath(new URL("../..", import.meta.url));
// E2E_WEB_DIST lets a second build (another outDir) be tested without touching apps/web/dist.
export const WEB_DIST = process.env.E2E_WEB_DIST ?? join(REPO_ROOT, "apps/web/dist");

// Cheap hashes keep sign-ins fast; the cost itself is covered by the API tests and the demo.
export const E2E_PASSWORD_COST = 10;

/** One decoded mail from the outbox. */
export interface OutboxMail extends ReadMail {
  file: string;
}

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

export interface StartServerOptions {
  /**
   * Run the device link (MQTT) too, e.g. `{ broker: { embedded: { host: "127.0.0.1", port: 0 } } }`:
   * simulated devices then connect to `mqtt://127.0.0.1:${server.app.deviceLink.brokerPort}`.
   * Without it no device traffic is possible (most journeys need none).
   */
  deviceLink?: AppOptions["deviceLink"];
  /** GEOCODER_URL: a geocoder the test runs, for the location picker's place search (none without it). */
  geocoderUrl?: string;
  /**
   * The seeded database to start from: outside Vitest (scripts/screenshots.ts) the caller dumps
   * one; within it, the run's (global-setup.ts).
   */
  seededDatabase?: SeededDatabase;
}

/**
 * The real server for one test file: a temporary DATA_DIR holding PGlite and the
 * mail outbox, reference and demo data, the built web app, a free port on 127.0.0.1.
 */
export async function startServer(options: StartServerOptions = {}): Promise<E2eServer> {
  if (!existsSync(join(WEB_DIST, "index.html"))) {
    throw new Error(
      `The built web app is missing (${WEB_DIST}/index.html). Run \`npm run build -w @vrf/web\` before the e2e tests.`,
    );
  }
  const dataDir = await mkdtemp(join(tmpdir(), "vrf-e2e-"));
  const outboxDir = join(dataDir, "outbox");
  // Each file starts from the run's seeded database (global-setup.ts).
  const seeded = options.seededDatabase ?? inject("seededDatabase");
  if (!seeded) throw new Error("no seeded database: the e2e project's global setup did not run");
  const db = openDb({ dataDir, loadDataDir: await loadSeededDatabase(seeded) });

  const app = await buildApp({
    db,
    mailer: (log) => createMailTransport({ outboxDir, from: "VRF Cloud <e2e@vrf.local>", log }),
    webDist: WEB_DIST,
    passwordCost: E2E_PASSWORD_COST,
    softwarePackages: { dir: join(dataDir, "packages") },
    ...(options.deviceLink ? { deviceLink: options.deviceLink } : {}),
    ...(options.geocoderUrl ? { geocoderUrl: options.geocoderUrl } : {}),
  });
  await app.listen({ port: 0, host: "127.0.0.1" });
  const address = app.server.address();
  if (address === null || typeof address === "string") throw new Error("the server did not bind a TCP port");

  const outbox: E2eServer["outbox"] = {
    async messages() {
      if (!existsSync(outboxDir)) return [];
      // File names start with the time and a sequence number, so the name order is the sending order.
      const files = (await readdir(outboxDir)).filter((f) => f.endsWith(".eml")).sort();
      return Promise.all(
        files.map(async (file) => ({ file, ...(await readMail(await readFile(join(outboxDir, file)))) })),
      );
    },
    async latest(email) {
      const wanted = email.toLowerCase();
      const mail = (await this.messages()).filter((m) => m.to.toLowerCase().includes(wanted)).at(-1);
      if (!mail) throw new Error(`no mail to ${email} in ${outboxDir}`);
      return mail;
    },
    async latestCode(email) {
      const mail = await this.latest(email);
      const code = codeIn(mail.text);
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
