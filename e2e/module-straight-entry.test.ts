import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { shows } from "./harness/assert.ts";
import {
  enterModule,
  hashPath,
  logOut,
  openUserMenu,
  sidebar,
  signIn,
  submitSignIn,
  ui,
  waitForRoute,
} from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const ENGINEER = "field.engineer@example.com";

/** A service engineer's account holding Hi-Checker only (authorities "5"), with the demo password. */
async function createCheckerOnlyAccount(email: string) {
  const db = server.app.services.db;
  const template = await db
    .selectFrom("accounts")
    .where("email", "=", "checker@example.com")
    .select(["password_hash", "organisation_id", "privacy_version"])
    .executeTakeFirstOrThrow();
  await db
    .insertInto("accounts")
    .values({
      email,
      password_hash: template.password_hash,
      name: "Field Engineer",
      organisation_id: template.organisation_id,
      authorities: "5",
      role_num: 1,
      language_id: 1,
      privacy_version: template.privacy_version,
    })
    .execute();
}

/** Every hash route the page showed, so a chooser that flashed by is caught too. */
const routesSeen = (on: Page): string[] => {
  const seen: string[] = [];
  on.on("framenavigated", (frame) => {
    if (frame === on.mainFrame()) seen.push(new URL(frame.url()).hash.replace(/^#/, "").split("?")[0] || "/");
  });
  return seen;
};

describe("an account with one module", () => {
  it("goes from sign-in straight into Hi-Checker, and switch module shows the chooser without looping", async () => {
    await createCheckerOnlyAccount(ENGINEER);
    const seen = routesSeen(page);
    await submitSignIn(page, ENGINEER, "Demo1234");
    await waitForRoute(page, "/dashboard");
    await shows(sidebar(page).getByRole("button", { name: "HI-CHECKER" }));
    expect(seen).not.toContain("/restrict");
    expect(await page.evaluate(() => localStorage.getItem("authorityNum"))).toBe("5");

    // Chosen on purpose from the user menu: the chooser stays, with its one card to enter.
    const menu = await openUserMenu(page);
    await menu.getByRole("menuitem", { name: "Switch module" }).click();
    await waitForRoute(page, "/restrict");
    await shows(page.getByRole("heading", { name: /^Good (morning|afternoon|evening), field\.engineer$/ }));
    await page.waitForTimeout(1_500);
    expect(hashPath(page)).toBe("/restrict");
    // Nothing to remember with one module.
    await expect(page.getByText(ui("en", "moduleChoice:remember")).count()).resolves.toBe(0);
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");

    // A signed-in account without a chosen module, opening a page: with one module it ends up in
    // that page (whether the guard passes by the chooser on the way or not), never on the chooser.
    await page.evaluate(() => {
      localStorage.removeItem("authorityNum");
      // Behind the router's back, so only the reload below opens the page.
      history.replaceState(null, "", "#/equipmentCenter/ckoutdoor");
    });
    await page.reload();
    await waitForRoute(page, "/equipmentCenter/ckoutdoor");
    await page.waitForTimeout(1_000);
    // The page may name the checker it opened on (`?deviceId=`); the route is what counts here.
    expect(hashPath(page).split("?")[0]).toBe("/equipmentCenter/ckoutdoor");
    await shows(sidebar(page).getByRole("button", { name: "HI-CHECKER" }));
  });

  it("still shows the chooser to an account with two modules that did not ask to be remembered", async () => {
    await signIn(page, "distributor@example.com");
    expect(hashPath(page)).toBe("/restrict");
    await shows(page.getByText(ui("en", "moduleChoice:remember")));
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await logOut(page);
  });

  it("enters the remembered module of an account with two modules", async () => {
    await signIn(page, "distributor@example.com");
    await page.getByText(ui("en", "moduleChoice:remember")).click();
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await logOut(page);

    const seen = routesSeen(page);
    await submitSignIn(page, "distributor@example.com", "Demo1234");
    await waitForRoute(page, "/agency");
    expect(seen).not.toContain("/restrict");
  });
});
