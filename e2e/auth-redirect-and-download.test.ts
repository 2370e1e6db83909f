import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shows } from "./harness/assert.ts";
import { hashPath, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let page: Page;
let server: E2eServer;

useE2eSuite((state) => {
  ({ page, server } = state);
});

/** An account-platform token as a sibling system of the account platform would hold it. */
const siblingToken = async (email: string): Promise<string> => {
  const res = await fetch(`${server.baseUrl}/account/acc/login_pwd`, {
    method: "POST",
    headers: { "content-type": "application/json" },
    body: JSON.stringify({ email, password: "Demo1234" }),
  });
  return ((await res.json()) as { data: { accessToken: string } }).data.accessToken;
};

describe("pages before sign-in", () => {
  it("/auth-redirect signs in with a handed-over token, drops it from the address and goes on to the chooser", async () => {
    const token = await siblingToken("distributor@example.com");
    await page.goto(`/#/auth-redirect?token=${token}`);
    await waitForRoute(page, "/restrict");
    expect(page.url()).not.toContain(token);
    await shows(page.getByRole("heading", { name: /^Good (morning|afternoon|evening), distributor$/ }));
    // The browser keeps a sign-in of its own, not the handed token.
    const kept = await page.evaluate(() => Object.values(window.localStorage).join(" "));
    expect(kept).not.toContain(token);
  });

  it("/auth-redirect with a token that cannot be used says so and leads to the sign-in form", async () => {
    await page.goto("/#/auth-redirect?token=not-a-real-token-000000000000000000000");
    await shows(page.getByText(ui("en", "auth:authRedirect.failedTitle")));
    expect(hashPath(page)).toBe("/auth-redirect");
    await page.getByRole("button", { name: ui("en", "auth:authRedirect.toLogin") }).click();
    await waitForRoute(page, "/login");
  });

  it("the app download page opens from the sign-in page's footer and says when no app is published", async () => {
    await page.goto("/#/login");
    await page.getByRole("link", { name: ui("en", "auth:layout.appDownload") }).click();
    await waitForRoute(page, "/download");
    await shows(page.getByRole("heading", { name: ui("en", "auth:appDownload.title") }));
    await shows(page.getByText(ui("en", "auth:appDownload.notPublished")));
    await page.getByRole("link", { name: ui("en", "auth:appDownload.backToLogin") }).click();
    await waitForRoute(page, "/login");
  });
});
