import type { Browser, Page } from "playwright-core";
import { describe, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import { enterModule, openPage, sidebar, signIn, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let browser: Browser;
let page: Page;

useE2eSuite((state) => {
  ({ server, browser, page } = state);
});

/** Top-bar language selector -> `choice`; the app reloads in that language. */
async function chooseLanguage(currentLabel: "Language" | "语言", choice: "中文" | "English") {
  await page.getByRole("button", { name: currentLabel }).click();
  await page.getByRole("menuitem", { name: choice }).click();
}

describe("language", () => {
  it("switches between English and Chinese from the top bar, and the choice survives a reload", async () => {
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const side = sidebar(page);
    await shows(side.getByRole("menuitem", { name: "Projects" }));
    await shows(page.getByRole("heading", { name: "Distributor Dashboard", level: 1 }));
    await titleIs(page, "Distributor Dashboard - VRF Cloud");

    await chooseLanguage("Language", "中文");
    await shows(side.getByRole("menuitem", { name: "项目管理" }));
    await shows(side.getByRole("button", { name: "经销商云平台" }));
    await shows(page.getByRole("heading", { name: "经销商首页", level: 1 }));
    await hides(side.getByRole("menuitem", { name: "Projects" }));
    await titleIs(page, "经销商首页 - VRF 云平台");

    await page.reload();
    await waitForRoute(page, "/agency");
    await shows(side.getByRole("menuitem", { name: "设备中心" }));
    await titleIs(page, "经销商首页 - VRF 云平台");

    // A page reached from the menu is titled in the chosen language too.
    await side.getByRole("menuitem", { name: "项目管理" }).click();
    await side.getByRole("menuitem", { name: "项目列表" }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");
    await titleIs(page, "项目列表 - VRF 云平台");

    await chooseLanguage("语言", "English");
    await shows(side.getByRole("menuitem", { name: "Equipment Center" }));
    await titleIs(page, "Project List - VRF Cloud");
    await page.reload();
    await shows(side.getByRole("menuitem", { name: "Equipment Center" }));
    await titleIs(page, "Project List - VRF Cloud");
  });

  it("opens in Chinese for a browser set to Chinese, before anyone signs in", async () => {
    const zh = await openPage(browser, server.baseUrl, { lang: "zh" });
    try {
      await zh.page.goto("/#/login");
      await shows(zh.page.getByRole("heading", { name: "登录" }));
      await titleIs(zh.page, "VRF 云平台");
    } finally {
      await zh.context.close();
    }
  });
});
