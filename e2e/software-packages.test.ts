import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  clickInDialog,
  exactly,
  keepEvidenceOfFailure,
  type Lang,
  launchBrowser,
  openPage,
  ui,
} from "./harness/browser.ts";
import { openPackagesAsEngineer, uploadPackageInDialog } from "./harness/software-packages.ts";
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

const openPackagesPage = async (lang: Lang) => {
  ({ context, page } = await openPage(browser, server.baseUrl, { lang }));
  await openPackagesAsEngineer(page, lang);
};

const firmware = Buffer.from(Array.from({ length: 4096 }, (_, i) => (i * 7) % 256));

const uploadInDialog = (lang: Lang, version: string, file: { name: string; buffer: Buffer }) =>
  uploadPackageInDialog(page, lang, version, file);

describe("the PC software packages page", () => {
  it("uploads a firmware package, lists it, downloads it under its name and deletes it after asking", async () => {
    const lang: Lang = "en";
    await openPackagesPage(lang);
    await shows(page.getByText(ui(lang, "softwarePackages:list.empty")));

    const dialog = await uploadInDialog(lang, "V3.2.1", { name: "hi-checker-3.2.1.bin", buffer: firmware });
    await shows(page.getByText(ui(lang, "softwarePackages:upload.done", { version: "V3.2.1" })));
    await hides(dialog);
    const row = page.locator("tr.ant-table-row").filter({ hasText: "hi-checker-3.2.1.bin" });
    await shows(row);
    expect(await row.textContent()).toContain("V3.2.1");
    expect(await row.textContent()).toContain("Service Engineer");
    const sha256 = createHash("sha256").update(firmware).digest("hex");
    expect(existsSync(join(server.dataDir, "packages", sha256.slice(0, 2), sha256))).toBe(true);

    // The same version again (without its V) is refused under the version field, with the server's text.
    // Large enough that the refusal comes while the file is still on its way.
    const again = await uploadInDialog(lang, "3.2.1", { name: "other.bin", buffer: Buffer.alloc(8 * 1024 * 1024, 1) });
    await shows(again.getByText(ui(lang, "errors:packageVersionTaken")));
    await again.getByRole("button", { name: exactly(ui(lang, "softwarePackages:actions.cancel")) }).click();
    await hides(again);

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      row.getByRole("button", { name: exactly(ui(lang, "softwarePackages:actions.download")) }).click(),
    ]);
    expect(download.suggestedFilename()).toBe("hi-checker-3.2.1.bin");
    expect((await readFile((await download.path()) as string)).equals(firmware)).toBe(true);

    await row.getByRole("button", { name: exactly(ui(lang, "softwarePackages:actions.delete")) }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: ui(lang, "softwarePackages:delete.title") });
    await clickInDialog(confirm, ui(lang, "softwarePackages:actions.delete"));
    await shows(page.getByText(ui(lang, "softwarePackages:delete.done", { version: "V3.2.1" })));
    await shows(page.getByText(ui(lang, "softwarePackages:list.empty")));
    expect(existsSync(join(server.dataDir, "packages", sha256.slice(0, 2), sha256))).toBe(false);
  });

  it("refuses a file of the wrong type before sending it, in Chinese", async () => {
    const lang: Lang = "zh";
    await openPackagesPage(lang);
    const dialog = await uploadInDialog(lang, "1.0.0", { name: "setup.exe", buffer: Buffer.from("MZ") });
    await shows(dialog.getByText(ui(lang, "softwarePackages:upload.problems.type", { types: ".bin .hex .img .zip" })));
    expect(await server.app.services.db.selectFrom("software_packages").select("id").execute()).toEqual([]);
  });
});
