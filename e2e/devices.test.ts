import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, exactly, iconButton, openFromSidebar, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const text = (key: string, values?: Record<string, string | number>) => ui("en", `devices:${key}`, values);

async function enterDistributorCloud() {
  await signIn(page, "distributor@example.com");
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

const openMenu = (item: string, route: string) => openFromSidebar(page, "Equipment Center", item, route);

/** The demo distributor's first Hi-MIT with its first outdoor and indoor unit. */
async function demoHiMit() {
  const db = server.app.services.db;
  const device = await db
    .selectFrom("devices as d")
    .innerJoin("organisations as o", "o.id", "d.organisation_id")
    .where("o.name", "=", "Demo Distributor")
    .where("d.kind", "=", "himit")
    .select(["d.id", "d.device_code", "d.serial_number"])
    .orderBy("d.id")
    .executeTakeFirstOrThrow();
  const outdoor = await db
    .selectFrom("outdoor_units")
    .where("device_id", "=", device.id)
    .select("serial_number")
    .orderBy("address")
    .executeTakeFirstOrThrow();
  const indoor = await db
    .selectFrom("indoor_units")
    .where("device_id", "=", device.id)
    .select("serial_number")
    .orderBy("address")
    .executeTakeFirstOrThrow();
  return { ...device, outdoorSerial: outdoor.serial_number, indoorSerial: indoor.serial_number };
}

describe("devices", () => {
  it("filters the Hi-MIT list, opens a controller and shows its outdoor and indoor units", async () => {
    const device = await demoHiMit();
    await enterDistributorCloud();
    await openMenu("Hi-MIT Controllers", "/equipmentCenter/HiMit");
    const table = page.locator(".ant-table");
    await shows(table.getByRole("link").first());

    await page.getByLabel(text("filters.keyword"), { exact: true }).fill(device.serial_number);
    await iconButton(page, text("filters.search")).click();
    await page.waitForURL((url) => url.hash.includes(`keyword=${device.serial_number}`));
    await shows(page.getByText(text("list.total", { total: 1 })));
    const link = table.getByRole("link", { name: device.device_code });
    await shows(link);

    const download = page.waitForEvent("download");
    await iconButton(page, text("list.export")).click();
    expect((await download).suggestedFilename()).toMatch(/^himit-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await link.click();
    await waitForRoute(page, "/equipmentCenter/HiMitDeviceDetails");
    expect(new URL(page.url()).hash).toContain(`id=${device.id}`);
    await shows(page.getByText(device.serial_number, { exact: true }));
    await shows(page.getByText(device.outdoorSerial, { exact: true }));
    await page.getByRole("tab", { name: new RegExp(`^${text("detail.indoorUnits")} \\(\\d+\\)$`) }).click();
    await shows(page.getByText(device.indoorSerial, { exact: true }));
    await shows(page.getByText(text("detail.recentFaults"), { exact: true }));
  });

  it("registers a Hi-Checker with a bound user, refusing the signed-in user, then finds it in the list", async () => {
    const db = server.app.services.db;
    const project = await db
      .selectFrom("projects as p")
      .innerJoin("organisations as o", "o.id", "p.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .select(["p.name", "p.code"])
      .orderBy("p.id")
      .executeTakeFirstOrThrow();

    await enterDistributorCloud();
    await openMenu("Hi-Checker List", "/equipmentCenter/HiMitChecker");
    await iconButton(page, text("list.register")).click();
    await waitForRoute(page, "/equipmentCenter/CheckerWriteIn");

    await page.getByLabel(text("form.deviceCode")).fill("HC-E2E000000001");
    await page.getByLabel(text("form.serialNumber")).fill("HCE2E2026001");
    await page.getByLabel(text("form.alias")).fill("Basement logger");
    const projectSelect = page.getByLabel(text("form.project"));
    await projectSelect.click();
    await projectSelect.fill(project.code);
    await page.locator(".ant-select-item-option", { hasText: `${project.name} (${project.code})` }).click();
    await page.getByRole("radio", { name: new RegExp(text("checkerType.stationary")) }).check();
    await page.getByLabel(text("form.systemNumber")).fill("3");

    const boundUsers = page.getByLabel(text("form.boundUsers"));
    await boundUsers.fill("distributor@example.com");
    await iconButton(page, text("form.add")).click();
    await shows(page.getByText("The current user cannot be added"));
    await hides(page.locator(".ant-tag", { hasText: "distributor@example.com" }));
    await boundUsers.fill("checker@example.com");
    await boundUsers.press("Enter");
    await shows(page.locator(".ant-tag", { hasText: "checker@example.com" }));
    await hides(page.getByText("The current user cannot be added"));

    await page.getByRole("button", { name: exactly(text("form.submitRegister")) }).click();
    await waitForRoute(page, "/equipmentCenter/CheckerDetail");
    // The checker's MQTT password is shown once; the user reads it, then closes the dialog.
    const credentials = page.getByRole("dialog", { name: ui("en", "common:deviceCredentials.title") });
    await shows(credentials);
    await shows(credentials.getByText("HCE2E2026001", { exact: true }));
    const password = (await credentials.locator("code").innerText()).trim();
    expect(password).toMatch(/^[A-Za-z0-9_-]{43}$/);
    await credentials.getByRole("button", { name: "OK" }).click();
    await hides(credentials);
    await shows(page.getByRole("heading", { name: "Basement logger" }));
    await shows(page.getByText("HC-E2E000000001", { exact: true }));
    await shows(page.getByText(text("checkerType.stationary"), { exact: true }));
    await shows(page.getByText(text("storage.gb", { value: 4 }), { exact: true }));
    await shows(page.locator(".ant-tag", { hasText: "checker@example.com" }));
    await shows(page.getByRole("link", { name: `${project.name} (${project.code})` }));

    await openMenu("Hi-Checker List", "/equipmentCenter/HiMitChecker");
    await page.getByLabel(text("filters.keyword"), { exact: true }).fill("Basement");
    await iconButton(page, text("filters.search")).click();
    await shows(page.getByText(text("list.total", { total: 1 })));
    await page.locator(".ant-table").getByRole("link", { name: "Basement logger" }).click();
    await waitForRoute(page, "/equipmentCenter/CheckerDetail");
    await shows(page.getByText("HCE2E2026001", { exact: true }));
  });

  it("edits a Hi-Checker, refusing an e-mail no account uses", async () => {
    const db = server.app.services.db;
    const checker = await db
      .selectFrom("devices as d")
      .innerJoin("organisations as o", "o.id", "d.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .where("d.kind", "=", "checker")
      .select(["d.id", "d.alias", "d.device_code"])
      .orderBy("d.id")
      .executeTakeFirstOrThrow();

    await enterDistributorCloud();
    await page.goto(`/#/equipmentCenter/CheckerDetail?id=${checker.id}`);
    await shows(page.getByRole("heading", { name: checker.alias }));
    await iconButton(page, text("detail.edit")).click();
    await waitForRoute(page, "/equipmentCenter/CheckerWriteIn");
    // The top bar and the form both say "edit", not "register".
    await shows(page.getByRole("heading", { level: 1, name: ui("en", "menu:CheckerEdit") }));
    await shows(page.getByRole("heading", { level: 4, name: text("form.editTitle") }));
    const alias = page.getByLabel(text("form.alias"));
    await expect.poll(() => alias.inputValue()).toBe(checker.alias);
    await alias.fill("Rooftop plant logger");

    const boundUsers = page.getByLabel(text("form.boundUsers"));
    await boundUsers.fill("nobody@example.com");
    await boundUsers.press("Enter");
    await page.getByRole("button", { name: exactly(text("form.submitSave")) }).click();
    await shows(page.getByText("This user does not exist."));
    await page.getByRole("button", { name: text("form.remove", { email: "nobody@example.com" }) }).click();
    await page.getByRole("button", { name: exactly(text("form.submitSave")) }).click();

    await waitForRoute(page, "/equipmentCenter/CheckerDetail");
    await shows(page.getByRole("heading", { name: "Rooftop plant logger" }));
    await shows(page.getByText(checker.device_code, { exact: true }));
  });
});
