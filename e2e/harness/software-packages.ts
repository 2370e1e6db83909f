import type { Page } from "playwright-core";
import { shows } from "./assert.ts";
import { clickInDialog, enterModule, exactly, iconButton, type Lang, signIn, ui, waitForRoute } from "./browser.ts";

/** Signs the service engineer in, enters Hi-Checker and opens PCSoftware. */
export async function openPackagesAsEngineer(page: Page, lang: Lang): Promise<void> {
  await signIn(page, "checker@example.com", "Demo1234", { lang });
  await enterModule(page, "checker", lang);
  await waitForRoute(page, "/dashboard");
  await page.goto("/#/platformCenter/PCSoftware");
  await shows(page.getByText(ui(lang, "softwarePackages:intro")));
}

/** Fills the upload dialog with a firmware package and sends it; the dialog, to look at what it says. */
export async function uploadPackageInDialog(
  page: Page,
  lang: Lang,
  version: string,
  file: { name: string; buffer: Buffer },
) {
  await iconButton(page, ui(lang, "softwarePackages:actions.upload")).first().click();
  const dialog = page.getByRole("dialog", { name: ui(lang, "softwarePackages:upload.title") });
  await dialog.waitFor();
  await dialog.getByText(exactly(ui(lang, "softwarePackages:kinds.firmware"))).click();
  await dialog.getByLabel(ui(lang, "softwarePackages:upload.version")).fill(version);
  await dialog.locator("input[type=file]").setInputFiles({ ...file, mimeType: "application/octet-stream" });
  await shows(dialog.getByText(file.name, { exact: false }));
  await clickInDialog(dialog, ui(lang, "softwarePackages:upload.submit"));
  return dialog;
}
