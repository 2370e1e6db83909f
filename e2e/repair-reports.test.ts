import ExcelJS from "exceljs";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shows, titleIs } from "./harness/assert.ts";
import { enterModule, exactly, openFromSidebar, signIn, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
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
    await openFromSidebar(page, "Equipment Center", "Repair Reports", "/equipmentCenter/Repairreport");
    await titleIs(page, "Repair Reports - VRF Cloud");
    await shows(rows().first());

    await page.getByRole("tab", { name: /Unresolved/ }).click();
    await page.waitForURL((url) => url.hash.endsWith("?status=0"));
    await shows(rows().first());
    // Once the tab's page is in, every row on it is unresolved.
    await expect
      .poll(async () => [...new Set(await rows().locator(".ant-tag").allTextContents())])
      .toEqual(["Unresolved"]);

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
    await openFromSidebar(page, "Equipment Center", "Repair Reports", "/equipmentCenter/Repairreport");
    await shows(page.getByRole("tab", { name: /All/, selected: true }));
    await page.getByLabel("Search", { exact: true }).fill(reference);
    await page.getByLabel("Search", { exact: true }).press("Enter");
    await page.waitForURL((url) => url.hash.includes(`keyword=${reference}`));
    await expect.poll(() => rows().count()).toBe(1);
    await shows(rows().first().locator(".ant-tag", { hasText: "Resolved" }));
  });

  it("exports the reports of the chosen status as a spreadsheet", async () => {
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await page.goto("/#/equipmentCenter/Repairreport?status=1");
    await shows(page.getByRole("tab", { name: /In process/, selected: true }));
    await shows(rows().first());
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Export" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^repair-reports-\d{8}-\d{4}\.xlsx$/);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.readFile((await download.path()) as string);
    const sheet = workbook.worksheets[0] as ExcelJS.Worksheet;
    expect(sheet.getRow(1).getCell(1).value).toBe("Reference");
    const statuses = new Set<unknown>();
    sheet.eachRow((row, n) => {
      if (n > 1) statuses.add(row.getCell(2).value);
    });
    expect(statuses).toEqual(new Set(["In process"]));
    const tabCount = await page
      .getByRole("tab", { name: /In process/ })
      .locator(".repair-tab-count")
      .textContent();
    expect(sheet.rowCount - 1).toBe(Number(tabCount));
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
