import type { Browser, BrowserContext, Locator, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  enterModule,
  keepEvidenceOfFailure,
  launchBrowser,
  openFromSidebar,
  openPage,
  signIn,
  ui,
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
afterEach(async (ctx) => {
  await keepEvidenceOfFailure(ctx, page);
  await context?.close();
});

const LAPTOP = { width: 1440, height: 900 };
const PHONE = { width: 390, height: 844 };

async function open(viewport: { width: number; height: number }) {
  ({ context, page } = await openPage(browser, server.baseUrl, { viewport }));
  await signIn(page, "distributor@example.com");
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

const rows = () => page.locator(".ant-table-tbody:visible tr.ant-table-row");
const exactText = (text: string) => new RegExp(`^\\s*${text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}\\s*$`);
const header = (title: string) => page.locator(".ant-table-thead:visible th", { hasText: exactText(title) }).first();
const columnsButton = () => page.getByRole("button", { name: ui("en", "listColumns.button"), exact: true });

/** The element's box lies inside the window and inside the table's own scrolling area (nothing cut or scrolled away). */
async function inView(locator: Locator): Promise<void> {
  const box = await locator.boundingBox();
  const table = await page.locator(".ant-table-container").first().boundingBox();
  expect(box, String(locator)).not.toBeNull();
  expect(table).not.toBeNull();
  if (!box || !table) return;
  expect(box.x).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width).toBeLessThanOrEqual(LAPTOP.width);
  expect(box.x + box.width).toBeLessThanOrEqual(table.x + table.width + 0.5);
}

/**
 * The first row's cell under the header `title`, in the table on show (a page kept in a hidden tab
 * keeps its table in the document). Waits for the header: the table lays its columns out again
 * once it has measured its width.
 */
async function cellUnder(title: string): Promise<Locator> {
  const headers = page.locator(".ant-table-thead:visible th");
  const titles = async () => (await headers.allInnerTexts()).map((text) => text.trim());
  await expect.poll(titles, { timeout: 10_000 }).toContain(title);
  const index = (await titles()).indexOf(title);
  return rows().first().locator("td").nth(index);
}

describe("list columns", () => {
  it("at 1440 px shows an indoor unit's mode and temperatures and a repair report's whole phone number", async () => {
    await open(LAPTOP);
    await openFromSidebar(page, "Equipment Center", "Indoor Units", "/equipmentCenter/indoor");
    await shows(rows().first());
    for (const key of ["device", "mode", "setTemperature", "roomTemperature"]) {
      const title = ui("en", `devices:columns.${key}`);
      await inView(header(title));
      await inView(await cellUnder(title));
    }
    // Nothing to scroll to: the table is as wide as its box.
    const scroll = await page
      .locator(".ant-table-content, .ant-table-body")
      .first()
      .evaluate((el) => el.scrollWidth - el.clientWidth);
    expect(scroll).toBeLessThanOrEqual(1);

    await openFromSidebar(page, "Equipment Center", "Repair Reports", "/equipmentCenter/Repairreport");
    await shows(rows().first());
    const phone = await cellUnder(ui("en", "repairReports:columns.phone"));
    await inView(phone);
    const text = (await phone.innerText()).trim();
    expect(text).toMatch(/\d{4}/);
    // The number is on one line and all of it fits the cell.
    const fit = await phone.evaluate((cell) => {
      const span = cell.querySelector("span") ?? cell;
      const cellBox = cell.getBoundingClientRect();
      const spanBox = span.getBoundingClientRect();
      return {
        overflow: cell.scrollWidth - cell.clientWidth,
        inside: spanBox.left >= cellBox.left - 0.5 && spanBox.right <= cellBox.right + 0.5,
        lines: Math.round(spanBox.height / Number.parseFloat(getComputedStyle(span).lineHeight || "22")),
      };
    });
    expect(fit.overflow).toBeLessThanOrEqual(0);
    expect(fit.inside).toBe(true);
    expect(fit.lines).toBeLessThanOrEqual(1);
  });

  it("remembers a column hidden in the chooser across a reload, per account, until reset", async () => {
    await open(LAPTOP);
    await openFromSidebar(page, "Projects", "Project List", "/projectMangement/ProjectList");
    await shows(rows().first());
    const code = ui("en", "projects:fields.code");
    const name = ui("en", "projects:fields.name");
    await shows(header(code));

    await columnsButton().click();
    const chooser = page.locator(".list-column-chooser");
    await shows(chooser);
    // The project name identifies the row: it cannot be hidden.
    expect(await chooser.getByRole("checkbox", { name }).isDisabled()).toBe(true);
    await chooser.getByRole("checkbox", { name: code }).uncheck();
    await hides(header(code));

    const stored = await page.evaluate(() => {
      const customerId = localStorage.getItem("customerId");
      return { customerId, value: localStorage.getItem(`listColumns:${customerId}:projects`) };
    });
    expect(stored.customerId).toBeTruthy();
    expect(JSON.parse(stored.value ?? "{}")).toEqual({ hidden: ["code"], shown: [] });

    await page.reload();
    await shows(rows().first());
    await shows(header(name));
    await hides(header(code));

    await columnsButton().click();
    await shows(chooser);
    expect(await chooser.getByRole("checkbox", { name: code }).isChecked()).toBe(false);
    await chooser.getByRole("button", { name: ui("en", "listColumns.reset") }).click();
    await shows(header(code));
  });

  it("at 390 px shows the project list as cards", async () => {
    await open(PHONE);
    await page.goto("/#/projectMangement/ProjectList");
    await waitForRoute(page, "/projectMangement/ProjectList");
    const cards = page.locator(".list-card");
    await shows(cards.first());
    expect(await page.locator(".ant-table-row").count()).toBe(0);
    // The project's name is the card's title, a link to its details; the fields below carry labels.
    await shows(cards.first().locator(".list-card-title a"));
    await shows(cards.first().locator("dt", { hasText: ui("en", "projects:fields.code") }));
    await shows(
      cards
        .first()
        .locator(".list-card-actions")
        .getByRole("link", { name: ui("en", "projects:list.view") }),
    );
    await shows(page.locator(".list-cards-pagination"));
    // Nothing sticks out sideways.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    expect(overflow).toBeLessThanOrEqual(0);
  });
});
