import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";
import { shows } from "./assert.ts";
import { ui } from "./browser.ts";

const text = (key: string, values?: Record<string, string | number>) => ui("en", `devices:${key}`, values);
const escapeRegExp = (value: string) => value.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** Opens the drawer of the indoor unit on `row` (its details button), and waits for it. */
export async function openIndoorUnit(page: Page, row: Locator, system: number, address: number): Promise<Locator> {
  await row.getByRole("button", { name: text("list.unitDetailsOf", { system, address }) }).click();
  const drawer = page.getByRole("dialog", { name: text("unit.indoorTitle", { address, system }) });
  await shows(drawer);
  return drawer;
}

/**
 * In an open unit drawer's remote-control panel: switches the unit on, to cooling, fan high and
 * `setTempC`, sends it, and waits for the panel to show the command pending or sent, then
 * confirmed. Returns the drawer's facts, for what the unit reports next.
 */
export async function switchToCooling(page: Page, drawer: Locator, setTempC: number): Promise<Locator> {
  const panel = drawer.getByRole("region", { name: text("control.title") });
  // The controls open locked until the page knows the device is online (a label click on a
  // locked radio does nothing): wait for that, as a user would.
  await expect
    .poll(() => panel.getByRole("radio", { name: text("control.on") }).isEnabled(), { timeout: 10_000 })
    .toBe(true);
  await panel.locator("label", { hasText: new RegExp(`^${text("control.on")}$`) }).click();
  await expect.poll(() => panel.getByRole("radio", { name: text("control.on") }).isChecked()).toBe(true);
  await panel.getByLabel(text("control.mode"), { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(text("modes.cooling"), { exact: true }).click();
  await panel.getByLabel(text("control.fanSpeed"), { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(text("fanSpeeds.high"), { exact: true }).click();
  const temperature = panel.getByLabel(text("control.setTemperature"), { exact: true });
  await temperature.fill(String(setTempC));
  await temperature.press("Tab");

  await panel.getByRole("button", { name: new RegExp(`${text("control.submit")}$`) }).click();
  // Pending while the portal hands it to the device, then sent while the unit takes about a second to answer.
  const progress = panel.getByRole("status");
  const onItsWay = new RegExp(
    `${escapeRegExp(text("control.progress.pending"))}|${escapeRegExp(text("control.progress.sent"))}`,
  );
  await shows(progress.filter({ hasText: onItsWay }));
  // Meanwhile nothing can be changed or sent again.
  expect(await panel.getByRole("spinbutton").isDisabled()).toBe(true);
  await shows(progress.getByText(text("control.progress.confirmed"), { exact: true }), 10_000);
  return drawer.locator(".ant-descriptions");
}
