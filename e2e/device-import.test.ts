import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import ExcelJS from "exceljs";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  clickInDialog,
  enterModule,
  keepEvidenceOfFailure,
  type Lang,
  launchBrowser,
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
let fixtures: string;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
  fixtures = await mkdtemp(join(tmpdir(), "vrf-e2e-import-"));
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
  if (fixtures) await rm(fixtures, { recursive: true, force: true });
});
afterEach(async (ctx) => {
  await keepEvidenceOfFailure(ctx, page);
  await context?.close();
});

const openImportPage = async (lang: Lang) => {
  await signIn(page, "distributor@example.com", "Demo1234", { lang });
  await enterModule(page, "distributor", lang);
  await waitForRoute(page, "/agency");
  await page.goto("/#/equipmentCenter/deviceimporting");
  await shows(page.getByText(ui(lang, "deviceImport:prepare.title")));
};

/** A spreadsheet as a distributor would fill it in: two good rows and three with problems. */
const writeDeviceFile = async (name: string) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Devices");
  sheet.addRow([
    "Device kind",
    "Device ID",
    "Serial number",
    "Project ID",
    "Model",
    "Firmware",
    "Alias",
    "Install date",
  ]);
  sheet.addRow(["Hi-Mit", "HIE2E0000001", "SNE2E00001", "P20260001", "HCCS-H64H2C1M", "2.4.0", "Lobby", "2026-01-10"]);
  sheet.addRow(["SmartTouch", "STE2E0000002", "SNE2E00002", "S20260002", "HYXE-VA02", "3.2.1", "", ""]);
  sheet.addRow(["Hi-Dom", "HDE2E0000003", "", "P20260001", "", "", "", ""]);
  sheet.addRow(["Hi-Mit", "HIE2E0000004", "SNE2E00004", "O20260001", "", "", "", ""]);
  sheet.addRow(["Hi-Mit", "HIE2E0000005", "SNE2E00001", "P20260002", "", "", "", ""]);
  const file = join(fixtures, name);
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
};

/** One row already imported by the first test's file, one new. */
const writeMixedFile = async (name: string) => {
  const workbook = new ExcelJS.Workbook();
  const sheet = workbook.addWorksheet("Devices");
  sheet.addRow(["Device kind", "Device ID", "Serial number", "Project ID"]);
  sheet.addRow(["Hi-Mit", "HIE2E0000001", "SNE2E00001", "P20260001"]);
  sheet.addRow(["Hi-Mit", "HIE2E0000006", "SNE2E00006", "P20260001"]);
  const file = join(fixtures, name);
  await writeFile(file, Buffer.from(await workbook.xlsx.writeBuffer()));
  return file;
};

/** The number on a result tile, by its title. */
const tileValue = (title: string) =>
  page
    .locator(".ant-statistic")
    .filter({ has: page.getByText(title, { exact: true }) })
    .locator(".ant-statistic-content-value")
    .textContent();

describe("device import", () => {
  it("downloads the template, checks a file, imports the good rows and shows the result", async () => {
    ({ context, page } = await openPage(browser, server.baseUrl));
    await openImportPage("en");

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download template" }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("device-import-template.xlsx");
    const template = new ExcelJS.Workbook();
    await template.xlsx.readFile(await download.path());
    expect(template.worksheets[0]?.getRow(1).getCell(3).value).toBe("Serial number *");

    await page.locator("input[type=file]").setInputFiles(await writeDeviceFile("devices.xlsx"));
    await shows(page.getByText("Check result of devices.xlsx"));
    await shows(page.getByText("3 rows have problems and will not be imported.", { exact: false }));
    // The table opens on the problems, each with its reason in words.
    await shows(page.getByText("Serial number is required."));
    await shows(page.getByText("Project ID not found among your projects."));
    await shows(page.getByText("Serial number repeats row 2."));
    await hides(page.getByRole("cell", { name: "HIE2E0000001" }));

    await page.getByText("Ready", { exact: true }).click();
    await shows(page.getByRole("cell", { name: "HIE2E0000001" }));
    await shows(page.getByRole("cell", { name: "STE2E0000002" }));

    await page.getByRole("button", { name: "Import 2 devices" }).click();
    await clickInDialog(page.getByRole("dialog").filter({ hasText: "Import 2 devices?" }), "Import");

    // The result counts every row as the check did: the three with problems are the failed ones.
    await shows(page.getByText("Import finished with problems", { exact: true }));
    await shows(page.getByText("devices.xlsx: 2 of 2 rows processed."));
    await expect.poll(() => tileValue("Imported")).toBe("2");
    await expect.poll(() => tileValue("Failed")).toBe("3");
    await shows(page.getByRole("cell", { name: "Serial number repeats row 2." }));

    const devices = await server.app.services.db
      .selectFrom("devices as d")
      .innerJoin("organisations as o", "o.id", "d.organisation_id")
      .innerJoin("projects as p", "p.id", "d.project_id")
      .where("d.serial_number", "in", ["SNE2E00001", "SNE2E00002", "SNE2E00004"])
      .select(["d.serial_number", "d.kind", "d.alias", "o.name as organisation", "p.code as project"])
      .orderBy("d.serial_number")
      .execute();
    expect(devices).toEqual([
      {
        serial_number: "SNE2E00001",
        kind: "himit",
        alias: "Lobby",
        organisation: "Demo Distributor",
        project: "P20260001",
      },
      {
        serial_number: "SNE2E00002",
        kind: "smarttouch",
        alias: "",
        // A device belongs to its project's organisation: here the sub-distributor's.
        organisation: "Demo Sub-distributor",
        project: "S20260002",
      },
    ]);

    // The same file again adds nothing: its serial numbers are registered now (the repeat of row 2 as well).
    await page.getByRole("button", { name: "Import another file" }).click();
    await page.locator("input[type=file]").setInputFiles(join(fixtures, "devices.xlsx"));
    await shows(page.getByText("3 rows have a serial number that is already registered and will be skipped."));
    expect(await page.getByRole("button", { name: "Import 0 devices" }).isDisabled()).toBe(true);

    // A registered serial number beside a new one: the row the check skips is counted skipped in the result.
    await page.getByRole("button", { name: "Choose another file" }).click();
    await page.locator("input[type=file]").setInputFiles(await writeMixedFile("mixed.xlsx"));
    await shows(page.getByText("1 row has a serial number that is already registered and will be skipped."));
    await page.getByRole("button", { name: "Import 1 device" }).click();
    await clickInDialog(page.getByRole("dialog").filter({ hasText: "Import 1 device?" }), "Import");
    await shows(page.getByText("Import finished", { exact: true }));
    await expect.poll(() => tileValue("Imported")).toBe("1");
    await expect.poll(() => tileValue("Skipped (already registered)")).toBe("1");
    await expect.poll(() => tileValue("Failed")).toBe("0");
  });

  it("explains a file that is not a spreadsheet, in Chinese on a phone", async () => {
    ({ context, page } = await openPage(browser, server.baseUrl, {
      lang: "zh",
      viewport: { width: 390, height: 844 },
    }));
    await openImportPage("zh");
    const file = join(fixtures, "notes.xlsx");
    await writeFile(file, "just some notes, not a spreadsheet\n");
    await page.locator("input[type=file]").setInputFiles(file);
    await shows(page.getByText(ui("zh", "deviceImport:prepare.failedTitle", { name: "notes.xlsx" })));
    await shows(page.getByText(ui("zh", "errors:invalidFile")));
    await shows(page.getByText(ui("zh", "deviceImport:prepare.invalidFileHint")));
  });
});
