import { sql } from "kysely";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  enterModule,
  exactly,
  type Lang,
  openFromSidebar,
  openPage,
  signIn,
  ui,
  waitForRoute,
} from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let browser: Browser;
let page: Page;
useE2eSuite((state) => {
  ({ server, browser, page } = state);
});

const DISTRIBUTOR = "distributor@example.com";
const REPORT_PATH = "/hmt-web/client-errors/report";

async function enterDistributorCloud(lang: Lang = "en") {
  await signIn(page, DISTRIBUTOR, "Demo1234", { lang });
  await enterModule(page, "distributor", lang);
  await waitForRoute(page, "/agency");
}

const openPlatformPage = (lang: Lang, name: string) =>
  openFromSidebar(page, ui(lang, "menu:platformCenter"), ui(lang, `menu:${name}`), `/platformCenter/${name}`);

const confirmLogoutBox = () => page.getByRole("dialog").filter({ hasText: "Confirm logout" });

/**
 * The server forgets the distributor's sessions, as after they were removed there: the browser
 * keeps its token, and the next call is answered 611702 with code 50008.
 */
async function forgetSessionsOnTheServer() {
  const { db, sessions } = server.app.services;
  const account = await db
    .selectFrom("accounts")
    .where("email", "=", DISTRIBUTOR)
    .select("id")
    .executeTakeFirstOrThrow();
  await db
    .updateTable("sessions")
    .where("account_id", "=", account.id)
    .set({ token_hash: sql<string>`concat('forgotten-', id)` })
    .execute();
  sessions.forgetCachedLookups();
}

/** The security log, loaded, with the refresh button that asks the server again. */
async function openLoadedSecurityEvents(lang: Lang) {
  await enterDistributorCloud(lang);
  await openPlatformPage(lang, "securityEvents");
  await shows(page.locator(".ant-table-tbody tr.ant-table-row").first());
}

const refresh = (lang: Lang) =>
  page.getByRole("button", { name: ui(lang, "securityEvents:filters.refresh"), exact: true }).click();

describe("session reactions", () => {
  it("a 50008 answer opens the Confirm logout box: Cancel stays on the page, Re-Login goes to sign in", async () => {
    await openLoadedSecurityEvents("en");
    await forgetSessionsOnTheServer();
    const answer = page.waitForResponse((r) => r.url().includes("/hmt-web/distributor/security-events/list"));
    await refresh("en");
    expect(await (await answer).json()).toMatchObject({ errorCode: 611702, code: 50008 });

    const box = confirmLogoutBox();
    await shows(box);
    await shows(box.getByText("You have been logged out, you can cancel to stay on this page, or log in again"));

    await box.getByRole("button", { name: exactly("Cancel") }).click();
    await hides(box);
    await waitForRoute(page, "/platformCenter/securityEvents");

    // The next failing call asks again, once however many calls fail together; Re-Login forgets
    // the session and reloads into sign-in.
    await refresh("en");
    await shows(box);
    expect(await confirmLogoutBox().count()).toBe(1);
    await box.getByRole("button", { name: "Re-Login" }).click();
    await page.waitForURL(
      (url) => url.hash === `#/login?redirect=${encodeURIComponent("/platformCenter/securityEvents")}`,
    );
    expect(await page.evaluate(() => localStorage.getItem("t"))).toBe(null);
    await shows(page.getByRole("button", { name: exactly("Sign in") }));
  });

  it("says it in Chinese on a Chinese page", async () => {
    const zh = await openPage(browser, server.baseUrl, { lang: "zh" });
    page = zh.page;
    try {
      await openLoadedSecurityEvents("zh");
      await forgetSessionsOnTheServer();
      await refresh("zh");
      const box = page.getByRole("dialog").filter({ hasText: "确认登出" });
      await shows(box.getByText("您已被登出，可以取消继续留在该页面，或者重新登录"));
      await shows(box.getByRole("button", { name: "重新登录" }));
      await shows(box.getByRole("button", { name: exactly("取消") }));
    } finally {
      await zh.context.close();
    }
  });
});

describe("the web app's error log", () => {
  it("an error thrown in the page and a rejection nobody handled end up on the error log page", async () => {
    await enterDistributorCloud();
    const reported = page.waitForResponse((r) => r.url().endsWith(REPORT_PATH) && r.status() === 200);
    await page.evaluate(() => {
      setTimeout(() => {
        throw new Error("e2e: the page fell over");
      }, 0);
    });
    await reported;
    const rejected = page.waitForResponse((r) => r.url().endsWith(REPORT_PATH) && r.status() === 200);
    await page.evaluate(() => {
      void Promise.reject(new Error("e2e: nobody caught this"));
    });
    await rejected;

    await openPlatformPage("en", "clientErrors");
    const rows = page.locator(".ant-table-tbody tr.ant-table-row");
    const thrown = rows.filter({ hasText: "Error: e2e: the page fell over" });
    await shows(thrown);
    await shows(thrown.getByText("Uncaught error"));
    await shows(thrown.getByText("/agency", { exact: true }));
    await shows(thrown.getByText(DISTRIBUTOR));
    await shows(rows.filter({ hasText: "Error: e2e: nobody caught this" }).getByText("Unhandled rejection"));
    await shows(page.getByText("2 errors"));

    await thrown.getByRole("button", { name: "View" }).click();
    const drawer = page.getByRole("dialog").filter({ hasText: "Error details" });
    await shows(drawer.getByText("Stack trace"));
    await shows(drawer.locator(".client-error-stack", { hasText: "e2e: the page fell over" }));
    await shows(drawer.getByText(/Chrome/).first());
  });
});
