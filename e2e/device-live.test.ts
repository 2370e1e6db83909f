import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type DemoDevice, demoDevice, issuePassword, simulatedDevice } from "./harness/devices.ts";
import { openIndoorUnit, switchToCooling } from "./harness/remote-control.ts";
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

const text = (key: string, values?: Record<string, string | number>) => ui("en", `devices:${key}`, values);

const running: SimulatedDevice[] = [];

afterEach(async () => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
});

const demoHiMit = (index: number): Promise<DemoDevice> => demoDevice(server, "himit", index);

/** Connects a simulated device for a demo device, reporting every 800 ms and acking commands after about a second. */
async function simulate(device: DemoDevice): Promise<SimulatedDevice> {
  const simulated = simulatedDevice(server, device, "himit", await issuePassword(server, device), {
    telemetryIntervalMs: 800,
    ackDelayMs: [800, 1200],
  });
  await simulated.start();
  running.push(simulated);
  return simulated;
}

async function enterDistributorCloud() {
  await signIn(page, "distributor@example.com");
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

/** The server holds the page's live socket (events sent before would not reach it). */
async function liveSocketConnected() {
  await expect.poll(() => server.app.services.live.size(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** The device's state as the portal keeps it. */
const statusOf = async (deviceId: number) =>
  (
    await server.app.services.db
      .selectFrom("devices")
      .where("id", "=", deviceId)
      .select("status")
      .executeTakeFirstOrThrow()
  ).status;

/** Marks the document, so a later check can tell the page was never reloaded. */
const markDocument = (current: Page) => current.evaluate(() => Object.assign(window, { e2eNotReloaded: true }));
const stillSameDocument = (current: Page) =>
  current.evaluate(() => (window as unknown as { e2eNotReloaded?: boolean }).e2eNotReloaded === true);

describe("live device pages", () => {
  it("shows a Hi-MIT going offline in the list within seconds, without a reload", async () => {
    const device = await demoHiMit(0);
    const simulated = await simulate(device);
    await expect.poll(() => statusOf(device.id)).toBe("online");

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/HiMit?keyword=${device.serial}`);
    const row = page.locator("tr.ant-table-row", { has: page.getByRole("link", { name: device.code }) });
    await shows(row.getByText(text("status.online"), { exact: true }));
    await liveSocketConnected();
    await markDocument(page);

    simulated.goOffline();
    // The broker sends the device's last will at once; the list follows within a few seconds.
    await shows(row.getByText(text("status.offline"), { exact: true }), 6_000);
    expect(await stillSameDocument(page)).toBe(true);
  });

  it("switches an indoor unit to cooling, 24 °C, fan high, and shows the command pending, sent, then confirmed", async () => {
    const device = await demoHiMit(1);
    const simulated = await simulate(device);
    await expect.poll(() => statusOf(device.id)).toBe("online");
    const system = device.systems[0]?.system as number;
    // A known starting point, different from what the test sets.
    simulated
      .model(system)
      .apply({ powerOn: false, mode: "heating", setTempC: 20, fanSpeed: "low" }, { system, indoor: [0] });

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/indoor?deviceSerial=${device.serial}&systemNumber=${system}&address=0`);
    await waitForRoute(page, "/equipmentCenter/indoor");
    const row = page.locator("tr.ant-table-row", { has: page.getByRole("link", { name: device.serial }) });
    await shows(row.getByText(text("modes.heating"), { exact: true }));
    // The set point by its column: the room temperature beside it can read 20 °C too.
    const headers = await page.locator(".ant-table-thead th").allInnerTexts();
    const setPoint = row.locator("td").nth(headers.findIndex((h) => h.trim() === text("columns.setTemperature")));
    await shows(setPoint.getByText(text("list.celsius", { value: 20 }), { exact: true }));
    await shows(row.getByText(text("fanSpeeds.low"), { exact: true }));
    await liveSocketConnected();
    await markDocument(page);

    const drawer = await openIndoorUnit(page, row, system, 0);
    const facts = await switchToCooling(page, drawer, 24);

    // The unit reports its new state: the drawer and the row show it, still without a reload.
    await shows(facts.getByText(text("modes.cooling"), { exact: true }));
    await shows(facts.getByText(text("fanSpeeds.high"), { exact: true }));
    await drawer.getByRole("button", { name: text("unit.close") }).click();
    await shows(row.getByText(text("modes.cooling"), { exact: true }));
    await shows(setPoint.getByText(text("list.celsius", { value: 24 }), { exact: true }));
    await shows(row.getByText(text("fanSpeeds.high"), { exact: true }));
    await shows(row.getByText(text("list.on"), { exact: true }));
    expect(await stillSameDocument(page)).toBe(true);

    // The device's page lists the command, confirmed, sent by the signed-in user, named.
    await page.goto(`/#/equipmentCenter/HiMitDeviceDetails?id=${device.id}`);
    const commands = page.locator(".ant-card", { has: page.getByText(text("commands.title"), { exact: true }) });
    const command = commands.locator("tr.ant-table-row").first();
    await shows(command.getByText(text("control.status.confirmed"), { exact: true }));
    await shows(command.getByText("Demo Distributor (you)", { exact: true }));
    await commands.scrollIntoViewIfNeeded();
    await commands.screenshot({ path: "/tmp/device-commands-en.png" });
  });

  it("remote-controls an indoor unit of a checker from the Hi-Checker module's CkInDoor page", async () => {
    const device = await demoDevice(server, "checker", 0);
    const simulated = simulatedDevice(server, device, "checker", await issuePassword(server, device), {
      telemetryIntervalMs: 800,
      ackDelayMs: [800, 1200],
    });
    await simulated.start();
    running.push(simulated);
    await expect.poll(() => statusOf(device.id)).not.toBe("offline");
    const system = device.systems[0]?.system as number;
    simulated
      .model(system)
      .apply({ powerOn: false, mode: "heating", setTempC: 20, fanSpeed: "low" }, { system, indoor: [0] });

    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await page.goto(`/#/equipmentCenter/ckindoor?deviceId=${device.id}`);
    await waitForRoute(page, "/equipmentCenter/ckindoor");
    const row = page.locator("tr.ant-table-row").filter({
      has: page.getByRole("button", { name: text("list.unitDetailsOf", { system, address: 0 }) }),
    });
    await shows(row.getByText(text("modes.heating"), { exact: true }));
    await liveSocketConnected();
    await markDocument(page);

    const drawer = await openIndoorUnit(page, row, system, 0);
    const facts = await switchToCooling(page, drawer, 24);
    await shows(facts.getByText(text("modes.cooling"), { exact: true }));
    await drawer.getByRole("button", { name: text("unit.close") }).click();
    await shows(row.getByText(text("modes.cooling"), { exact: true }));
    await shows(row.getByText(text("fanSpeeds.high"), { exact: true }));
    expect(await stillSameDocument(page)).toBe(true);
    // The command is the engineer's, on the checker's page of the module.
    const command = await server.app.services.db
      .selectFrom("device_commands as c")
      .innerJoin("accounts as a", "a.id", "c.issued_by")
      .where("c.device_id", "=", device.id)
      .select(["a.email", "c.status"])
      .orderBy("c.issued_at", "desc")
      .executeTakeFirstOrThrow();
    expect(command).toEqual({ email: "checker@example.com", status: "confirmed" });
  });

  it("locks remote control while the Hi-MIT is offline, saying why, and unlocks it when the device is back", async () => {
    const device = await demoHiMit(2);
    const simulated = await simulate(device);
    const system = device.systems[0]?.system as number;
    await expect.poll(() => statusOf(device.id)).toBe("online");
    simulated.goOffline();
    await expect.poll(() => statusOf(device.id), { timeout: 6_000 }).toBe("offline");

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/indoor?deviceSerial=${device.serial}&systemNumber=${system}&address=0`);
    await waitForRoute(page, "/equipmentCenter/indoor");
    const row = page.locator("tr.ant-table-row", { has: page.getByRole("link", { name: device.serial }) });
    await shows(row);
    await liveSocketConnected();

    // "Control selected" is not offered for a unit of an offline device.
    await row.getByRole("checkbox").check();
    expect(await page.getByRole("button", { name: /Control selected \(1\)$/ }).isDisabled()).toBe(true);

    await row.getByRole("button", { name: text("list.unitDetailsOf", { system, address: 0 }) }).click();
    const drawer = page.getByRole("dialog", { name: text("unit.indoorTitle", { address: 0, system }) });
    const panel = drawer.getByRole("region", { name: text("control.title") });
    await shows(
      panel.getByText("The device is offline: commands can be sent once it is back online.", { exact: true }),
    );
    expect(await panel.getByRole("spinbutton").isDisabled()).toBe(true);
    expect(await panel.getByRole("button", { name: new RegExp(`${text("control.submit")}$`) }).isDisabled()).toBe(true);
    await drawer.screenshot({ path: "/tmp/control-offline-en.png" });

    // Back online, the drawer unlocks by itself.
    await simulated.goOnline();
    await hides(
      panel.getByText("The device is offline: commands can be sent once it is back online.", { exact: true }),
    );
    expect(await panel.getByRole("spinbutton").isDisabled()).toBe(false);
  });
});
