import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import { enterModule, logOut, openUserMenu, sidebar, signIn, submitSignIn, waitForRoute } from "./harness/browser.ts";
import { useE2eSuite } from "./harness/suite.ts";

let page: Page;

useE2eSuite((state) => {
  ({ page } = state);
});

describe("sign-in and the module shells", () => {
  it("signs in, enters Distributor Cloud, then switches to Hi-Checker from the user menu", async () => {
    const calls: { url: string; authorization: string | undefined }[] = [];
    page.on("request", (request) => {
      if (request.url().includes("/hmt-web/")) {
        calls.push({ url: request.url(), authorization: request.headers().authorization });
      }
    });
    await signIn(page, "distributor@example.com");
    await shows(page.getByRole("heading", { name: /^Good (morning|afternoon|evening), distributor$/ }));

    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const side = sidebar(page);
    await shows(side.getByRole("button", { name: "Distributor Cloud" }));
    await shows(side.getByRole("menuitem", { name: "Projects" }));
    await shows(side.getByRole("menuitem", { name: "Equipment Center" }));
    await hides(side.getByText("Dashboard", { exact: true }));
    await side.getByRole("menuitem", { name: "Equipment Center" }).click();
    await shows(side.getByRole("menuitem", { name: "Hi-MIT Controllers" }));
    await shows(side.getByRole("menuitem", { name: "Repair Reports" }));
    await shows(side.getByRole("menuitem", { name: "Outdoor Units" }));

    const menu = await openUserMenu(page);
    await shows(menu.getByRole("menuitem", { name: "Sub-distributor management" }));
    await menu.getByRole("menuitem", { name: "Switch module" }).click();
    await waitForRoute(page, "/restrict");

    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await shows(side.getByRole("button", { name: "HI-CHECKER" }));
    await shows(side.getByRole("menuitem", { name: "Dashboard" }));
    await hides(side.getByRole("menuitem", { name: "Projects" }));
    await side.getByRole("menuitem", { name: "Equipment Center" }).click();
    await shows(side.getByRole("menuitem", { name: "Outdoor Units" }));
    await shows(side.getByRole("menuitem", { name: "Indoor Units" }));
    await hides(side.getByRole("menuitem", { name: "Hi-MIT Controllers" }));

    // The token rides in the Authorization header, so no URL (and no access log) ever holds it.
    expect(calls.length).toBeGreaterThan(5);
    expect(calls.filter((c) => /[?&]accessToken=/.test(c.url))).toEqual([]);
    expect(calls.find((c) => c.url.includes("sys/authority"))?.authorization).toMatch(/^Bearer .{40,}/);
  });

  it("offers sub-distributor management only to accounts that are not sub-distributors", async () => {
    await signIn(page, "subdistributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const menu = await openUserMenu(page);
    await shows(menu.getByRole("menuitem", { name: "Switch module" }));
    await shows(menu.getByRole("menuitem", { name: "Change password" }));
    await hides(menu.getByRole("menuitem", { name: "Sub-distributor management" }));
  });

  it("shows the 404 page for an unknown route once signed in", async () => {
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await page.goto("/#/no-such-page");
    await waitForRoute(page, "/404");
    await shows(page.getByText("404", { exact: true }));
    await shows(page.getByText("Sorry, the page you visited does not exist."));
  });

  it("after logging out, the browser's back button does not bring a gated page back", async () => {
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const side = sidebar(page);
    await side.getByRole("menuitem", { name: "Projects" }).click();
    await side.getByRole("menuitem", { name: "Project List" }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");

    await logOut(page);
    // Back leads to the module home visited before; without a session the guard sends it to sign-in.
    await page.goBack();
    await page.waitForURL((url) => url.hash === `#/login?redirect=${encodeURIComponent("/agency")}`);
    await shows(page.getByRole("button", { name: "Sign in", exact: true }));
    await hides(sidebar(page));
    await hides(page.getByRole("button", { name: "Distributor Cloud" }));
  });

  it("sends a visitor without a session to sign in, then on to the page they asked for", async () => {
    await page.goto("/#/platformCenter/changePwd");
    await page.waitForURL((url) => url.hash === `#/login?redirect=${encodeURIComponent("/platformCenter/changePwd")}`);
    await shows(page.getByRole("heading", { name: "Sign in" }));

    await submitSignIn(page, "distributor@example.com", "Demo1234", { navigate: false });
    await waitForRoute(page, "/restrict");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/platformCenter/changePwd");
    await shows(page.getByLabel("Current password"));
    await titleIs(page, "Change Password - VRF Cloud");
  });
});
