import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import { sql } from "kysely";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { shows } from "./harness/assert.ts";
import { enterModule, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type DemoDevice, demoDevice, issuePassword, simulatedDevice } from "./harness/devices.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite(
  (state) => {
    ({ server, page } = state);
  },
  { deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } },
);

const ENGINEER = "checker@example.com";
const running: SimulatedDevice[] = [];

afterEach(async () => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
});

const dash = (key: string) => ui("en", `checkerDashboard:kpi.${key}`);

/** The seeded checker is offline until its simulator connects (whatever the demo data said). */
async function offline(device: DemoDevice) {
  await server.app.services.db
    .updateTable("devices")
    .set({ status: "offline", link_progress: null, link_progress_at: null })
    .where("id", "=", device.id)
    .execute();
}

async function connect(device: DemoDevice, progressStepMs: number): Promise<SimulatedDevice> {
  const simulated = simulatedDevice(server, device, "checker", await issuePassword(server, device), {
    progressStepMs,
    telemetryIntervalMs: 5_000,
  });
  running.push(simulated);
  await simulated.start();
  return simulated;
}

/**
 * The engineer's checkers counted here, independently of the page's code: their organisation's
 * and the ones bound to their account.
 */
async function engineerCheckers() {
  const { rows } = await sql<{ total: number; offline: number; in_task: number }>`
    SELECT count(*)::int AS total,
           (count(*) FILTER (WHERE d.status = 'offline'))::int AS offline,
           (count(*) FILTER (WHERE d.status IN ('grabbing', 'collecting')))::int AS in_task
    FROM devices d, accounts a
    WHERE a.email = ${ENGINEER} AND d.kind = 'checker'
      AND (d.organisation_id = a.organisation_id
           OR d.id IN (SELECT b.device_id FROM device_bound_users b WHERE b.account_id = a.id))`.execute(
    server.app.services.db,
  );
  const row = rows[0];
  if (!row) throw new Error("no engineer");
  return { total: row.total, offline: row.offline, online: row.total - row.offline, inTask: row.in_task };
}

const kpi = (title: string, value: number) => page.getByRole("link", { name: `${title}: ${value}`, exact: true });

async function enterHiChecker() {
  await signIn(page, ENGINEER);
  await enterModule(page, "checker");
  await waitForRoute(page, "/dashboard");
  // The page's live socket is held by the server: the events below reach it.
  await expect.poll(() => server.app.services.live.size(), { timeout: 15_000 }).toBeGreaterThan(0);
}

describe("Hi-Checker, live", () => {
  it("shows the engineer's checkers on the dashboard as the database counts them, and moves a checker to online live", async () => {
    const device = await demoDevice(server, "checker", 0);
    await offline(device);
    const before = await engineerCheckers();
    expect(before.total).toBeGreaterThan(0);

    await enterHiChecker();
    await shows(kpi(dash("checkers"), before.total));
    await shows(kpi(dash("online"), before.online));
    await shows(kpi(dash("offline"), before.offline));
    await shows(kpi(dash("inTask"), before.inTask));

    // The simulator connects: the figures follow without a reload.
    await connect(device, 50);
    await expect.poll(async () => (await engineerCheckers()).online, { timeout: 15_000 }).toBe(before.online + 1);
    await shows(kpi(dash("online"), before.online + 1), 15_000);
    await shows(kpi(dash("offline"), before.offline - 1));
    await shows(kpi(dash("checkers"), before.total));
  });

  it("shows a checker connecting on its page, its progress bar running to 100", async () => {
    const device = await demoDevice(server, "checker", 1);
    await offline(device);
    await enterHiChecker();
    await page.goto(`/#/equipmentCenter/ckCheckerDetail?id=${device.id}`);
    await waitForRoute(page, "/equipmentCenter/ckCheckerDetail");
    await shows(page.getByText(device.code).first());

    // A step every 400 ms: 17 steps from the handshake to normal control in about 7 s.
    await connect(device, 400);
    const progress = page.getByRole("region", { name: "Connection to the VRF system" });
    const bar = progress.getByRole("progressbar");
    await shows(bar, 15_000);
    const percent = async () => Number(await bar.getAttribute("aria-valuenow"));
    const seen = await percent();
    expect(seen).toBeLessThan(100);
    await expect.poll(percent, { timeout: 15_000 }).toBeGreaterThan(seen);
    await shows(progress.getByText("Connected: normal control", { exact: true }), 20_000);
    expect(await percent()).toBe(100);
  });
});
