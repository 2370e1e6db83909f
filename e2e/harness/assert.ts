import type { Locator, Page } from "playwright-core";
import { expect } from "vitest";

/**
 * Auto-waiting assertions on what the user sees (playwright-core has no `expect`
 * of its own): each waits up to the page's default timeout, then fails naming the locator.
 */

/** The element becomes visible. */
export async function shows(locator: Locator, timeout?: number): Promise<void> {
  try {
    await locator.waitFor({ state: "visible", timeout });
  } catch (error) {
    throw new Error(`expected to see ${String(locator)}\n${(error as Error).message}`);
  }
}

/** The element is not shown (absent or hidden), or disappears within the timeout. */
export async function hides(locator: Locator, timeout?: number): Promise<void> {
  try {
    await locator.waitFor({ state: "hidden", timeout });
  } catch (error) {
    throw new Error(`expected not to see ${String(locator)}\n${(error as Error).message}`);
  }
}

/** The document title becomes `title`. */
export async function titleIs(page: Page, title: string): Promise<void> {
  await expect.poll(() => page.title(), { timeout: 10_000 }).toBe(title);
}
