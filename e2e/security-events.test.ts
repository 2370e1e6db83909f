import ExcelJS from "exceljs";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, type Lang, openFromSidebar, openPage, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let browser: Browser;
let page: Page;
useE2eSuite((state) => {
  ({ server, browser, page } = state);
});

const DISTRIBUTOR = "distributor@example.com";
const FAILED_SIGN_INS = 25;

/** A day of failed sign-ins before the test, enough for two pages of twenty. */
async function seedFailedSignIns() {
  const { db, securityEvents } = server.app.services;
  const account = await db
    .selectFrom("accounts")
    .where("email", "=", DISTRIBUTOR)
    .select(["id", "organisation_id"])
    .executeTakeFirstOrThrow();
  const already = await db
    .selectFrom("security_events")
    .where("account_id", "=", account.id)
    .where("type", "=", "signInFailed")
    .select((eb) => eb.fn.countAll<number>().as("n"))
    .executeTakeFirstOrThrow();
  if (Number(already.n) > 0) return;
  for (let i = 0; i < FAILED_SIGN_INS; i++) {
    await securityEvents.record({
      organisationId: account.organisation_id,
      accountId: account.id,
      email: DISTRIBUTOR,
      type: "signInFailed",
      ip: "203.0.113.9",
      userAgent: "Mozilla/5.0 (e2e)",
      detail: { reason: "wrongPassword" },
    });
  }
}

/** Signs in, enters Distributor Cloud and opens the security log from the sidebar. */
async function openSecurityEvents(lang: Lang) {
  await signIn(page, DISTRIBUTOR, "Demo1234", { lang });
  await enterModule(page, "distributor", lang);
  await waitForRoute(page, "/agency");
  await openFromSidebar(
    page,
    ui(lang, "menu:platformCenter"),
    ui(lang, "menu:securityEvents"),
    "/platformCenter/securityEvents",
  );
}

/**
 * Adds an event type to the type filter and closes its list. Typed first, as a user looking for one
 * of many would: the list is virtual, so a kind scrolled out of view is not in the page to click.
 */
async function chooseType(name: string) {
  await page.getByLabel("Event type").click();
  await page.keyboard.type(name);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: name }).click();
  await page.keyboard.press("Escape");
}

const rows = () => page.locator(".ant-table-tbody tr.ant-table-row");

describe("security events", () => {
  it("shows the distributor its own sign-in to the module, filters by type, pages and exports", async () => {
    await seedFailedSignIns();
    await openSecurityEvents("en");
    await shows(page.getByRole("cell", { name: "Entered Distributor Cloud" }).first());
    await shows(rows().filter({ hasText: "Module entered" }).first());

    await chooseType("Sign-in failed");
    await shows(page.getByText(`${FAILED_SIGN_INS} events`));
    await hides(rows().filter({ hasText: "Module entered" }));
    await expect.poll(() => rows().count()).toBe(20);
    await shows(rows().first().getByText("Reason: wrong password"));

    await page.getByRole("listitem", { name: "2" }).click();
    await expect.poll(() => rows().count()).toBe(FAILED_SIGN_INS - 20);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^security-events-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile(await download.path());
    const sheet = workbook.worksheets[0];
    expect(sheet?.name).toBe("Security events");
    expect(sheet?.rowCount).toBe(FAILED_SIGN_INS + 1);
    expect(sheet?.getRow(2).getCell(2).value).toBe("Sign-in failed");

    // The export is an event of its own, and the list shows it once the filter allows.
    await chooseType("Data exported");
    await shows(page.getByRole("cell", { name: `Security events, ${FAILED_SIGN_INS} records` }));

    await page.getByRole("button", { name: "Reset" }).first().click();
    await page.screenshot({ path: "/tmp/security-events-en.png", fullPage: true });
  });

  it("reads in Chinese", async () => {
    // A visitor whose browser asks for Chinese gets the whole page in Chinese.
    const zh = await openPage(browser, server.baseUrl, { lang: "zh" });
    page = zh.page;
    try {
      await openSecurityEvents("zh");
      await shows(page.getByRole("cell", { name: "进入经销商云平台" }).first());
      await shows(page.getByText("原因：密码错误").first());
      await page.screenshot({ path: "/tmp/security-events-zh.png", fullPage: true });
    } finally {
      await zh.context.close();
    }
  });
});
