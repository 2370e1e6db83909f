import { randomUUID } from "node:crypto";
import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { Browser, Locator, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, type Lang, openPage, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type DemoDevice, demoDevice, issuePassword, simulatedDevice } from "./harness/devices.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let browser: Browser;
let page: Page;

useE2eSuite(
  (state) => {
    ({ server, browser, page } = state);
  },
  { deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } },
);

const running: SimulatedDevice[] = [];

afterEach(async () => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
});

async function enterDistributorCloud(lang: Lang = "en") {
  await signIn(page, "distributor@example.com", undefined, { lang });
  await enterModule(page, "distributor", lang);
  await waitForRoute(page, "/agency");
}

/** The server holds the page's live socket (events sent before would not reach it). */
async function liveSocketConnected() {
  await expect.poll(() => server.app.services.live.size(), { timeout: 15_000 }).toBeGreaterThan(0);
}

/** Starts a simulated device and stops it after the test. */
async function connect(device: SimulatedDevice): Promise<SimulatedDevice> {
  running.push(device);
  await device.start();
  return device;
}

const percentOf = async (bar: Locator) => Number(await bar.getAttribute("aria-valuenow"));

/** A screenshot for review, once fonts and transitions have settled. */
async function keep(path: string) {
  await page.evaluate(() => document.fonts.ready);
  await page.mouse.move(1, 1);
  await page.screenshot({ path, animations: "disabled" });
}

describe("device credentials", () => {
  it("issues a Hi-MIT a new password after confirmation: the device signs in with it, no longer with the old one", async () => {
    const device = await demoDevice(server, "himit", 0);
    const oldPassword = await issuePassword(server, device);
    // In the field the device is connected with its current password.
    const before = await connect(simulatedDevice(server, device, "himit", oldPassword));

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/HiMitDeviceDetails?id=${device.id}`);
    const name = device.alias || device.code;
    await shows(page.getByRole("heading", { name }));
    await page.getByRole("button", { name: /Issue new device password$/ }).click();

    const confirm = page.getByRole("dialog", { name: `Issue a new password for ${name}?` });
    await shows(confirm.getByText(/^The current password stops working at once\./));
    await keep("/tmp/rotate-confirm-en.png");
    await confirm.getByRole("button", { name: "Issue new password" }).click();

    // The new password is shown once; the user reads it, then closes the dialog.
    const notice = page.getByRole("dialog", { name: "New device password" });
    await shows(notice);
    await hides(confirm);
    await shows(notice.getByText(`The old password of ${name} no longer works. Load this one into the device.`));
    await shows(notice.getByText(device.serial, { exact: true }));
    const newPassword = (await notice.locator("code").innerText()).trim();
    expect(newPassword).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(newPassword).not.toBe(oldPassword);
    await keep("/tmp/rotate-notice-en.png");
    await notice.getByRole("button", { name: "OK" }).click();
    await hides(notice);

    // The device's next sign-in: refused with the old password, accepted with the new one.
    await before.stop({ graceful: false });
    const withOld = simulatedDevice(server, device, "himit", oldPassword);
    running.push(withOld);
    await expect(withOld.start()).rejects.toThrow(/refused/);
    const withNew = await connect(simulatedDevice(server, device, "himit", newPassword));
    expect(withNew.connected).toBe(true);
  });
});

describe("checker connection", () => {
  it("shows a checker connecting to its VRF system step by step, live, in the list and on its page", async () => {
    const checker = await demoDevice(server, "checker", 0, { checkerType: "stationary" });
    const password = await issuePassword(server, checker);
    const name = checker.alias || checker.code;

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/HiMitChecker?keyword=${checker.serial}`);
    const row = page.locator("tr.ant-table-row", { has: page.getByRole("link", { name, exact: true }) });
    await shows(row);
    await liveSocketConnected();

    // A step a second: about 17 s from the handshake to normal control.
    await connect(
      simulatedDevice(server, checker, "checker", password, { progressStepMs: 1_000, telemetryIntervalMs: 5_000 }),
    );
    // The list shows a small ring while it connects.
    await shows(row.getByRole("progressbar", { name: /^Connecting: .+ \(\d+%\)$/ }), 10_000);
    await keep("/tmp/checker-list-connecting-en.png");

    // Its page: the bar and the five stages, moving on as the steps come in.
    await row.getByRole("link", { name, exact: true }).click();
    await waitForRoute(page, "/equipmentCenter/CheckerDetail");
    const progress = page.getByRole("region", { name: "Connection to the VRF system" });
    await shows(progress.getByText(/^Connecting to the VRF system: /));
    for (const stage of ["Handshake", "System information", "Outdoor units", "Indoor units", "Normal control"]) {
      await shows(progress.getByText(stage, { exact: true }));
    }
    const bar = progress.getByRole("progressbar");
    const seen = await percentOf(bar);
    expect(seen).toBeLessThan(100);
    await expect.poll(() => percentOf(bar), { timeout: 10_000 }).toBeGreaterThan(seen);
    await keep("/tmp/checker-progress-en.png");

    // The last step: connected, in normal control; the list's ring is gone.
    await shows(progress.getByText("Connected: normal control", { exact: true }), 25_000);
    expect(await percentOf(bar)).toBe(100);
    await keep("/tmp/checker-connected-en.png");
    await shows(page.getByText(/^Normal control \(100%\)/));
  });
});

/** A temporary checker whose storage is full, and that is connecting right now (step 55, outdoor units). */
async function fullCheckerConnecting(index: number): Promise<DemoDevice> {
  const checker = await demoDevice(server, "checker", index, { checkerType: "temporary" });
  await server.app.services.db
    .updateTable("devices")
    .set({
      status: "standby",
      capacity_full: true,
      used_capacity_mb: 200,
      link_progress: 55,
      link_progress_at: new Date(),
    })
    .where("id", "=", checker.id)
    .execute();
  return checker;
}

/** Two commands to the device: one by the signed-in user (whose customer id the page keeps), one by someone else. */
async function twoCommands(deviceId: number) {
  const db = server.app.services.db;
  const customerId = await page.evaluate(() => localStorage.getItem("customerId"));
  if (!customerId) throw new Error("the page keeps no customer id");
  const account = async (email: string) =>
    (await db.selectFrom("accounts").where("email", "=", email).select("id").executeTakeFirstOrThrow()).id;
  const device = await db
    .selectFrom("devices")
    .where("id", "=", deviceId)
    .select("organisation_id")
    .executeTakeFirstOrThrow();
  const issuedAt = Date.now() - 10 * 60_000;
  const row = (issuedBy: number, customer: string, minutes: number, status: "confirmed" | "failed") => ({
    id: randomUUID(),
    organisation_id: device.organisation_id,
    device_id: deviceId,
    issued_by: issuedBy,
    issued_by_customer: customer,
    type: "control" as const,
    system_number: 0,
    indoor_addresses: [0, 1],
    params: JSON.stringify({ powerOn: true, mode: "cooling", setTempC: 24, fanSpeed: "high" }),
    status,
    issued_at: new Date(issuedAt + minutes * 60_000),
    expires_at: new Date(issuedAt + minutes * 60_000 + 30_000),
    finished_at: new Date(issuedAt + minutes * 60_000 + 2_000),
  });
  await db
    .insertInto("device_commands")
    .values([
      row(await account("subdistributor@example.com"), "someone-else", 1, "failed"),
      row(await account("distributor@example.com"), customerId, 2, "confirmed"),
    ])
    .execute();
}

const LANGS = [
  {
    lang: "en",
    checker: 0,
    storageFull: "Storage full",
    storageFullText: "The portal keeps no more data from this checker. Contact your distributor to free capacity.",
    connecting: "Connecting to the VRF system: Outdoor units",
    rotate: /Issue new device password$/,
    confirmOk: "Issue new password",
    notice: "New device password",
    ok: "OK",
    own: "Demo Distributor (you)",
    other: "Demo Sub-distributor",
  },
  {
    lang: "zh",
    checker: 1,
    storageFull: "存储已满",
    storageFullText: "平台不再保存这台 Hi-Checker 的新数据。请联系您的经销商释放存储容量。",
    connecting: "正在连接多联机系统：室外机信息",
    rotate: /签发新的设备密码$/,
    confirmOk: "签发新密码",
    notice: "新的设备密码",
    ok: "知道了",
    own: "Demo Distributor（我）",
    other: "Demo Sub-distributor",
  },
] as const;

describe.each(LANGS)("a full checker, connecting, in $lang", (words) => {
  it("shows storage full and the connection in the list and on the page, issues a new password and lists who sent which command", async () => {
    const lang: Lang = words.lang;
    // A visitor whose browser asks for Chinese gets the pages in Chinese.
    const own = lang === "en" ? null : await openPage(browser, server.baseUrl, { lang });
    if (own) page = own.page;
    try {
      await fullCheckerPage(lang, words);
    } finally {
      await own?.context.close();
    }
  });
});

async function fullCheckerPage(lang: Lang, words: (typeof LANGS)[number]) {
  const checker = await fullCheckerConnecting(words.checker);
  const name = checker.alias || checker.code;
  await enterDistributorCloud(lang);
  await twoCommands(checker.id);

  await page.goto(`/#/equipmentCenter/HiMitChecker?keyword=${checker.serial}`);
  const row = page.locator("tr.ant-table-row", { has: page.getByRole("link", { name, exact: true }) });
  await shows(row.getByText(words.storageFull, { exact: true }));
  await shows(row.getByRole("progressbar", { name: /55%/ }));
  await keep(`/tmp/checker-list-${lang}.png`);

  await page.goto(`/#/equipmentCenter/CheckerDetail?id=${checker.id}`);
  const alert = page.getByRole("alert").filter({ hasText: words.storageFull });
  await shows(alert.getByText(words.storageFullText, { exact: true }));
  const progress = page.getByRole("region", { name: ui(lang, "devices:link.title") });
  await shows(progress.getByText(words.connecting, { exact: true }));
  expect(await percentOf(progress.getByRole("progressbar"))).toBe(55);
  await keep(`/tmp/checker-detail-${lang}.png`);

  const commands = page.locator(".ant-card", {
    has: page.getByText(ui(lang, "devices:commands.title"), { exact: true }),
  });
  await shows(commands.locator("tr.ant-table-row").first().getByText(words.own, { exact: true }));
  await shows(commands.locator("tr.ant-table-row").nth(1).getByText(words.other, { exact: true }));
  await commands.scrollIntoViewIfNeeded();
  await commands.screenshot({ path: `/tmp/device-commands-${lang}.png`, animations: "disabled" });

  await page.getByRole("button", { name: words.rotate }).click();
  const confirm = page.getByRole("dialog", { name: ui(lang, "devices:credentials.confirmTitle", { device: name }) });
  await shows(confirm);
  await keep(`/tmp/checker-rotate-confirm-${lang}.png`);
  await confirm.getByRole("button", { name: words.confirmOk }).click();
  const notice = page.getByRole("dialog", { name: words.notice });
  await shows(notice.locator("code"));
  await keep(`/tmp/checker-rotate-notice-${lang}.png`);
  await notice.getByRole("button", { name: words.ok }).click();
  await hides(notice);
}
