import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import {
  enterModule,
  exactly,
  openFromSidebar,
  openPage,
  sidebar,
  signIn,
  ui,
  waitForRoute,
} from "./harness/browser.ts";
import { demoDevice, issuePassword, simulatedDevice } from "./harness/devices.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { type E2eState, useE2eSuite } from "./harness/suite.ts";

let state: E2eState;
let server: E2eServer;
let page: Page;

// The device link runs too: one journey needs a device whose state changes while a tab is hidden.
useE2eSuite(
  (current) => {
    state = current;
    ({ server, page } = current);
  },
  { deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } },
);

const running: SimulatedDevice[] = [];
const extraContexts: BrowserContext[] = [];
afterEach(async () => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
  for (const context of extraContexts.splice(0)) await context.close();
});

const settingsText = (key: string, values?: Record<string, string | number>) =>
  ui("en", `displaySettings.${key}`, values);
const PURPLE = { hex: "#722ED1", rgb: "rgb(114, 46, 209)" };
const TEAL_RGB = "rgb(43, 198, 194)";

async function enterDistributorCloud(on: Page, email = "distributor@example.com") {
  await signIn(on, email);
  await enterModule(on, "distributor");
  await waitForRoute(on, "/agency");
}

/** A page in a browser of its own (its own storage and cookies), closed after the test. */
async function newBrowserPage(): Promise<Page> {
  const { context, page: other } = await openPage(state.browser, server.baseUrl);
  extraContexts.push(context);
  return other;
}

async function openDisplaySettings(on: Page) {
  await on.waitForLoadState("networkidle");
  await on.getByRole("button", { name: settingsText("open") }).click();
  const drawer = on.getByRole("dialog", { name: settingsText("title") });
  await shows(drawer);
  return drawer;
}

/** Scrolls the window 400 px down (once the page is tall enough) and answers where it is. */
const scrollDown = (on: Page) =>
  on.evaluate(() => {
    window.scrollTo(0, 400);
    return window.scrollY;
  });

const tagBar = (on: Page) => on.getByRole("navigation", { name: ui("en", "tags.label") });
const backgroundOf = (on: Page, selector: string) =>
  on
    .locator(selector)
    .first()
    .evaluate((element) => getComputedStyle(element).backgroundColor);

/** What the user sees of the theme colour and size: the active tab (the app's CSS), the selected menu item (antd's theme), a top-bar button's size. */
async function looks(on: Page): Promise<{ tab: string; menu: string; small: boolean }> {
  const button = on.getByRole("button", { name: settingsText("open") });
  return {
    tab: await backgroundOf(on, ".tags-view-item-active"),
    menu: await backgroundOf(on, ".app-sider .ant-menu-item-selected"),
    small: ((await button.getAttribute("class")) ?? "").includes("ant-btn-sm"),
  };
}

describe("display settings", () => {
  it("keep the theme colour and UI size for the account: after a reload, and in a new browser after sign-in", async () => {
    await enterDistributorCloud(page);
    await expect.poll(() => looks(page)).toEqual({ tab: TEAL_RGB, menu: TEAL_RGB, small: true });

    const drawer = await openDisplaySettings(page);
    await drawer.getByRole("button", { name: settingsText("useColour", { colour: PURPLE.hex }) }).click();
    await drawer.getByText(settingsText("sizes.medium"), { exact: true }).click();
    // Shown at once, before saving.
    await expect.poll(() => looks(page)).toEqual({ tab: PURPLE.rgb, menu: PURPLE.rgb, small: false });
    await shows(drawer.getByText(settingsText("unsaved")));
    await drawer.getByRole("button", { name: settingsText("save") }).click();
    await shows(page.getByText(settingsText("saved")));
    await hides(drawer);
    const cookies = await state.context.cookies();
    expect(cookies.find((cookie) => cookie.name === "size")?.value).toBe("medium");

    await page.reload();
    await waitForRoute(page, "/agency");
    await expect.poll(() => looks(page)).toEqual({ tab: PURPLE.rgb, menu: PURPLE.rgb, small: false });

    // Another browser: nothing remembered there; the account's settings come with the sign-in.
    const other = await newBrowserPage();
    await other.goto("/#/login");
    const signInButton = other.getByRole("button", { name: exactly(ui("en", "auth:login.submit")) });
    await expect
      .poll(() => signInButton.evaluate((element) => getComputedStyle(element).backgroundColor))
      .toBe(TEAL_RGB);
    await enterDistributorCloud(other);
    await expect.poll(() => looks(other)).toEqual({ tab: PURPLE.rgb, menu: PURPLE.rgb, small: false });

    // Someone else's account keeps its own (the defaults).
    const someoneElse = await newBrowserPage();
    await enterDistributorCloud(someoneElse, "subdistributor@example.com");
    await expect.poll(() => looks(someoneElse)).toEqual({ tab: TEAL_RGB, menu: TEAL_RGB, small: true });
  });

  it("switch the tags view, the fixed header and the sidebar logo live; Cancel goes back, Reset to defaults restores them", async () => {
    await enterDistributorCloud(page);
    const logo = sidebar(page).getByRole("button", { name: "Distributor Cloud" });
    await shows(logo);
    await shows(tagBar(page));

    let drawer = await openDisplaySettings(page);
    await drawer.getByLabel(settingsText("tagsView"), { exact: true }).click();
    await drawer.getByLabel(settingsText("fixedHeader"), { exact: true }).click();
    await drawer.getByLabel(settingsText("sidebarLogo"), { exact: true }).click();
    await hides(tagBar(page));
    await hides(logo);
    await drawer.getByRole("button", { name: settingsText("save") }).click();
    await hides(drawer);

    // The top bar stays at the top of the window while the page scrolls under it.
    await expect.poll(() => scrollDown(page)).toBeGreaterThan(100);
    expect((await page.locator(".app-header").boundingBox())?.y).toBe(0);

    drawer = await openDisplaySettings(page);
    await drawer.getByRole("button", { name: settingsText("reset") }).click();
    await shows(tagBar(page));
    await shows(logo);
    await drawer.getByRole("button", { name: settingsText("cancel") }).click();
    await hides(drawer);
    await hides(tagBar(page));
    await hides(logo);

    drawer = await openDisplaySettings(page);
    await drawer.getByRole("button", { name: settingsText("reset") }).click();
    await drawer.getByRole("button", { name: settingsText("save") }).click();
    await hides(drawer);
    await page.reload();
    await waitForRoute(page, "/agency");
    await shows(tagBar(page));
    await shows(logo);
    await expect.poll(() => scrollDown(page)).toBeGreaterThan(100);
    expect((await page.locator(".app-header").boundingBox())?.y ?? 0).toBeLessThan(0);
  });
});

describe("tabs", () => {
  const projectText = (key: string) => ui("en", `projects:${key}`);
  const openProjectList = () => openFromSidebar(page, "Projects", "Project List", "/projectMangement/ProjectList");

  it("bring a visited page back with its filter, page and scroll; a never-cached page starts afresh", async () => {
    await enterDistributorCloud(page);
    await openProjectList();
    await shows(page.getByText("46 projects").first());

    await page.getByRole("combobox", { name: projectText("fields.organisation") }).click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Demo Distributor", { exact: true }).click();
    await shows(page.getByText("36 projects").first());
    await page.locator(".ant-table-pagination").getByTitle("2", { exact: true }).click();
    await expect.poll(() => new URL(page.url().replace("#/", "")).searchParams.get("page")).toBe("2");
    // As far down as page 2's rows let the window go (the first rows' height off the top).
    const scrolled = await page.evaluate(() => {
      window.scrollTo(0, 150);
      return Math.round(window.scrollY);
    });
    expect(scrolled).toBeGreaterThan(100);
    // Marks the list's DOM: a page mounted again would not carry the mark.
    await page.locator(".project-table").evaluate((element) => element.setAttribute("data-e2e-kept", "yes"));

    await openFromSidebar(page, "Equipment Center", "Outdoor Units", "/equipmentCenter/outdoor");
    await titleIs(page, "Outdoor Units - VRF Cloud");
    // Kept, but out of the document while hidden: nothing of it to find, read or tab to.
    await expect.poll(() => page.locator(".project-table").count()).toBe(0);
    await shows(page.locator(".app-content .ant-table").first());
    await page
      .locator(".app-content .ant-table")
      .first()
      .evaluate((element) => element.setAttribute("data-e2e-kept", "yes"));

    await tagBar(page).getByRole("button", { name: "Project List", exact: true }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");
    await titleIs(page, "Project List - VRF Cloud");
    await shows(page.getByText("36 projects").first());
    expect(await page.locator(".project-table").getAttribute("data-e2e-kept")).toBe("yes");
    await expect.poll(() => page.locator(".ant-table-pagination .ant-pagination-item-active").textContent()).toBe("2");
    await expect.poll(() => page.evaluate(() => Math.round(window.scrollY))).toBe(scrolled);

    // Outdoor Units is on SPEC's never-cached list: its page comes back afresh.
    await tagBar(page).getByRole("button", { name: "Outdoor Units", exact: true }).click();
    await waitForRoute(page, "/equipmentCenter/outdoor");
    await expect.poll(() => page.locator(".project-table").count()).toBe(0);
    await shows(page.locator(".app-content .ant-table").first());
    expect(await page.locator(".app-content [data-e2e-kept]").count()).toBe(0);
    await tagBar(page).getByRole("button", { name: "Project List", exact: true }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");

    // Closing the tab unmounts its page: opened again, it starts afresh.
    await tagBar(page).getByRole("button", { name: "Close Project List" }).click();
    await hides(tagBar(page).getByRole("button", { name: "Project List", exact: true }));
    await openProjectList();
    await shows(page.getByText("46 projects").first());
    expect(await page.locator(".project-table").getAttribute("data-e2e-kept")).toBeNull();
  });

  it("start afresh when a closed tab is opened again before the page after it is on screen", async () => {
    await enterDistributorCloud(page);
    await openProjectList();
    await page.getByRole("combobox", { name: projectText("fields.organisation") }).click();
    await page.locator(".ant-select-dropdown:visible").getByTitle("Demo Distributor", { exact: true }).click();
    await shows(page.getByText("36 projects").first());
    await page.locator(".project-table").evaluate((element) => element.setAttribute("data-e2e-kept", "yes"));
    // A tab to fall back to after closing Project List: the slower its page, the wider the gap.
    await openFromSidebar(page, "Equipment Center", "Outdoor Units", "/equipmentCenter/outdoor");
    await tagBar(page).getByRole("button", { name: "Project List", exact: true }).click();
    await shows(page.getByText("36 projects").first());

    // A slow machine: the navigation after the close is still rendering when the user, quick,
    // opens the page again from the sidebar the moment its tab is gone.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send("Emulation.setCPUThrottlingRate", { rate: 20 });
    try {
      await page.evaluate(
        async ({ close, entry }) => {
          const find = (selector: string, name: string) =>
            [...document.querySelectorAll<HTMLElement>(selector)].find(
              (element) => (element.getAttribute("aria-label") ?? element.textContent ?? "").trim() === name,
            );
          find(".tags-view-close", close)?.click();
          while (find(".tags-view-close", close)) await new Promise((resolve) => setTimeout(resolve, 0));
          const item = find(".app-sider [role=menuitem]", entry);
          if (!item) throw new Error(`no sidebar entry ${entry}`);
          item.click();
        },
        { close: "Close Project List", entry: "Project List" },
      );
    } finally {
      await cdp.send("Emulation.setCPUThrottlingRate", { rate: 1 });
    }
    await waitForRoute(page, "/projectMangement/ProjectList");
    await shows(page.getByText("46 projects").first());
    expect(await page.locator(".project-table").getAttribute("data-e2e-kept")).toBeNull();
    await shows(tagBar(page).getByRole("button", { name: "Project List", exact: true }));
  });

  it("keep a hidden page quiet on live device events; it catches up once when shown again", async () => {
    const device = await demoDevice(server, "himit", 0);
    const simulated = simulatedDevice(server, device, "himit", await issuePassword(server, device), {
      telemetryIntervalMs: 60_000,
    });
    await simulated.start();
    running.push(simulated);

    const calls: string[] = [];
    page.on("request", (request) => {
      const path = new URL(request.url()).pathname;
      if (path.startsWith("/hmt-web/distributor/")) calls.push(path);
    });
    const count = (path: string) => calls.filter((call) => call === path).length;
    const DASHBOARD = "/hmt-web/distributor/agency/dashboard";
    const PROJECT_LIST = "/hmt-web/distributor/project/list";

    await enterDistributorCloud(page);
    await expect.poll(() => server.app.services.live.size(), { timeout: 15_000 }).toBeGreaterThan(0);
    await openProjectList();
    await shows(page.getByText("46 projects").first());
    await page.waitForLoadState("networkidle");
    calls.length = 0;

    // The device goes offline: the shown list refreshes, the hidden dashboard does not.
    simulated.goOffline();
    await expect.poll(() => count(PROJECT_LIST), { timeout: 10_000 }).toBeGreaterThan(0);
    await page.waitForTimeout(2_000);
    expect(count(DASHBOARD)).toBe(0);

    await tagBar(page).getByRole("button", { name: "Distributor Dashboard", exact: true }).click();
    await waitForRoute(page, "/agency");
    await expect.poll(() => count(DASHBOARD), { timeout: 10_000 }).toBeGreaterThan(0);
  });

  it("scroll the tag bar to tabs out of view: arrows, the mouse wheel, and the active tab kept in view", async () => {
    await page.setViewportSize({ width: 1024, height: 768 });
    await enterDistributorCloud(page);
    const pages = [
      "/projectMangement/ProjectList",
      "/projectMangement/projectMap",
      "/equipmentCenter/HiMit",
      "/equipmentCenter/HiDom",
      "/equipmentCenter/SmartTouch",
      "/equipmentCenter/HiMitChecker",
      "/equipmentCenter/outdoor",
      "/equipmentCenter/indoor",
      "/equipmentCenter/Repairreport",
      "/platformCenter/securityEvents",
    ];
    // Opened in the app (a hash change), as links do, each once its tab is there: a page load
    // would start with no tabs.
    for (const [index, path] of pages.entries()) {
      await page.evaluate((hash) => {
        window.location.hash = hash;
      }, path);
      await waitForRoute(page, path);
      await expect.poll(() => page.locator(".tags-view-item").count()).toBe(index + 2);
    }
    const bar = tagBar(page);
    const scroller = page.locator(".tags-view-scroll");
    const inView = async (name: string) => {
      const box = await scroller.boundingBox();
      const tab = await bar.getByRole("button", { name, exact: true }).boundingBox();
      return !!box && !!tab && tab.x >= box.x - 1 && tab.x + tab.width <= box.x + box.width + 1;
    };
    // The active (last opened) tab is in view, the first one scrolled out on the left.
    expect(await inView("Security Events")).toBe(true);
    expect(await inView("Distributor Dashboard")).toBe(false);
    const left = bar.getByRole("button", { name: ui("en", "tags.scrollLeft") });
    const right = bar.getByRole("button", { name: ui("en", "tags.scrollRight") });
    expect(await right.isDisabled()).toBe(true);

    await expect
      .poll(async () => {
        if (!(await left.isDisabled())) await left.click();
        return inView("Distributor Dashboard");
      })
      .toBe(true);
    await expect.poll(() => left.isDisabled()).toBe(true);

    // A mouse wheel over the bar scrolls it sideways, back to the end.
    await scroller.hover();
    await expect
      .poll(async () => {
        await page.mouse.wheel(0, 400);
        return inView("Security Events");
      })
      .toBe(true);

    // Choosing a tab out of view from the sidebar brings it into view.
    await sidebar(page).getByRole("menuitem", { name: "Distributor Dashboard" }).click();
    await waitForRoute(page, "/agency");
    await expect.poll(() => inView("Distributor Dashboard")).toBe(true);
  });
});

describe("the sidebar", () => {
  it("has the distributor dashboard as its first entry and wraps long titles instead of cutting them", async () => {
    await enterDistributorCloud(page);
    await openFromSidebar(page, "Equipment Center", "Hi-Dom", "/equipmentCenter/HiDom");
    const first = sidebar(page).getByRole("menuitem").first();
    expect(await first.textContent()).toBe("Distributor Dashboard");
    await first.click();
    await waitForRoute(page, "/agency");
    await titleIs(page, "Distributor Dashboard - VRF Cloud");

    // The Hi-Checker module's "PC Software Packages" is wider than the sidebar leaves it.
    await page.goto("/#/restrict");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await openFromSidebar(page, "Platform Center", "PC Software Packages", "/platformCenter/PCSoftware");
    const title = sidebar(page)
      .getByRole("menuitem", { name: "PC Software Packages" })
      .locator(".ant-menu-title-content");
    const size = await title.evaluate((element) => ({
      cut: element.scrollWidth > element.clientWidth,
      lines: Math.round(
        element.getBoundingClientRect().height / Number.parseFloat(getComputedStyle(element).lineHeight),
      ),
    }));
    expect(size).toEqual({ cut: false, lines: 2 });
  });
});
