import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import {
  enterModule,
  exactly,
  keepEvidenceOfFailure,
  launchBrowser,
  openPage,
  sidebar,
  signIn,
  waitForRoute,
} from "./harness/browser.ts";
import { type E2eServer, startServer } from "./harness/start-server.ts";

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
beforeEach(async () => {
  ({ context, page } = await openPage(browser, server.baseUrl));
});
afterEach(async (ctx) => {
  await keepEvidenceOfFailure(ctx, page);
  await context?.close();
});

const rows = () => page.locator(".ant-table-tbody tr.ant-table-row");

/** Picks an option of the antd Select labelled `label`. */
const choose = async (label: string, option: string) => {
  await page.getByLabel(label, { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: option }).click();
};

describe("repair reports", () => {
  it("takes an unresolved report through in process to resolved, with the history on the timeline", async () => {
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const side = sidebar(page);
    await side.getByRole("menuitem", { name: "Equipment Center" }).click();
    await side.getByRole("menuitem", { name: "Repair Reports" }).click();
    await waitForRoute(page, "/equipmentCenter/Repairreport");
    await titleIs(page, "Repair Reports - VRF Cloud");
    await shows(rows().first());

    await page.getByRole("tab", { name: /Unresolved/ }).click();
    await page.waitForURL((url) => url.hash.endsWith("?status=0"));
    await shows(rows().first());
    // Every row on the tab is unresolved (the loading mask is gone once the new page is in).
    await hides(page.locator(".ant-table .ant-spin-spinning"));
    const statuses = await rows().locator(".ant-tag").allTextContents();
    expect(statuses.length).toBeGreaterThan(0);
    expect(new Set(statuses)).toEqual(new Set(["Unresolved"]));

    const first = rows().first();
    const reference = (await first.getByRole("link", { name: /^RR\d{6}$/ }).textContent()) as string;
    const userName = (await first.locator("td").nth(1).textContent()) as string;
    await first.getByRole("link", { name: reference, exact: true }).click();
    await waitForRoute(page, "/equipmentCenter/RepairReportDetail");
    await shows(page.getByText(`Repair report ${reference}`));
    await shows(page.getByText(`Report received from ${userName}`));

    // Step 1: a note and "in process" together.
    await choose("Change status to", "In process");
    await page.getByLabel("Handling note").fill("Called the customer, visit booked for Monday 9:00.");
    await page.getByRole("button", { name: exactly("Save") }).click();
    await shows(page.getByText("Saved."));
    const steps = page.getByTestId("repair-timeline-step");
    await shows(steps.first().getByText("Called the customer, visit booked for Monday 9:00."));
    await expect.poll(() => steps.count()).toBe(1);
    await shows(steps.first().getByText("by Demo Distributor (distributor@example.com)", { exact: false }));
    expect(await steps.first().locator(".ant-tag").allTextContents()).toEqual(["Unresolved", "In process"]);
    await expect.poll(() => page.getByLabel("Handling note").inputValue()).toBe("");

    // The form now offers only what can follow "in process".
    await page.getByLabel("Change status to", { exact: true }).click();
    const options = page.locator(".ant-select-dropdown:visible .ant-select-item-option");
    await expect.poll(() => options.allTextContents()).toEqual(["Resolved"]);
    await options.first().click();
    await page.getByRole("button", { name: exactly("Save") }).click();
    await expect.poll(() => steps.count()).toBe(2);
    // Newest first: the resolution, then the pick-up.
    expect(await steps.first().locator(".ant-tag").allTextContents()).toEqual(["In process", "Resolved"]);
    await shows(steps.first().getByText("by Demo Distributor", { exact: false }));
    await shows(steps.nth(1).getByText("Called the customer, visit booked for Monday 9:00."));

    // The list shows it resolved.
    await side.getByRole("menuitem", { name: "Repair Reports" }).click();
    await waitForRoute(page, "/equipmentCenter/Repairreport");
    await shows(page.getByRole("tab", { name: /All/, selected: true }));
    await page.getByLabel("Search", { exact: true }).fill(reference);
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.waitForURL((url) => url.hash.includes(`keyword=${reference}`));
    await expect.poll(() => rows().count()).toBe(1);
    await shows(rows().first().locator(".ant-tag", { hasText: "Resolved" }));
  });

  it("answers a report of another distributor with a not-found page", async () => {
    const others = await server.app.services.db
      .selectFrom("repair_reports as r")
      .innerJoin("organisations as o", "o.id", "r.organisation_id")
      .where("o.name", "=", "Other Distributor")
      .select("r.id")
      .executeTakeFirstOrThrow();
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await page.goto(`/#/equipmentCenter/RepairReportDetail?id=${others.id}`);
    await shows(page.getByText("This repair report does not exist or is not yours to see."));
    await page.getByRole("button", { name: "Back to repair reports" }).click();
    await waitForRoute(page, "/equipmentCenter/Repairreport");
  });
});
