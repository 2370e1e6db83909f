import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import { enterModule, openPage, sidebar, signIn, submitSignIn, waitForRoute } from "./harness/browser.ts";
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
    const zh = await openPage(browser, server.baseUrl, { lang: "zh", storedLanguage: false });
    try {
      await zh.page.goto("/#/login");
      await shows(zh.page.getByRole("heading", { name: "登录" }));
      await titleIs(zh.page, "VRF 云平台");
    } finally {
      await zh.context.close();
    }
  });

  it("opens a new browser in the account's saved language after signing in, and offers the server's languages", async () => {
    await saveDefaultLanguage("distributor@example.com", 1);
    const fresh = await openPage(browser, server.baseUrl, { lang: "zh", storedLanguage: false });
    try {
      const zhPage = fresh.page;
      await zhPage.goto("/#/login");
      await shows(zhPage.getByRole("heading", { name: "登录" }));
      await submitSignIn(zhPage, "distributor@example.com", "Demo1234", { lang: "zh", navigate: false });
      await waitForRoute(zhPage, "/restrict");
      await shows(zhPage.getByRole("heading", { name: /^Good (morning|afternoon|evening), distributor$/ }));
      await enterModule(zhPage, "distributor");
      await waitForRoute(zhPage, "/agency");
      await shows(sidebar(zhPage).getByRole("menuitem", { name: "Projects" }));
      await titleIs(zhPage, "Distributor Dashboard - VRF Cloud");

      const stored = await zhPage.evaluate(() => ({
        language: localStorage.getItem("language"),
        defaultLanguageId: localStorage.getItem("defaultLanguageId"),
        supportLang: JSON.parse(localStorage.getItem("supportLang") ?? "null") as { code: string }[] | null,
      }));
      expect(stored.language).toBe("en");
      expect(stored.defaultLanguageId).toBe("1");
      expect(stored.supportLang?.map((l) => l.code)).toEqual(["zh", "en"]);
      await zhPage.getByRole("button", { name: "Language" }).click();
      const items = zhPage.getByRole("menu", { name: "Language" }).getByRole("menuitem");
      expect(await items.allTextContents()).toEqual(["中文", "English"]);
    } finally {
      await fresh.context.close();
    }
  });

  it("opens a new English browser in Chinese for an account that saved Chinese", async () => {
    await saveDefaultLanguage("distributor@example.com", 0);
    const fresh = await openPage(browser, server.baseUrl, { lang: "en", storedLanguage: false });
    try {
      await submitSignIn(fresh.page, "distributor@example.com", "Demo1234");
      await waitForRoute(fresh.page, "/restrict");
      await shows(fresh.page.getByRole("heading", { name: /^(早上好|下午好|晚上好)，distributor$/ }));
    } finally {
      await fresh.context.close();
    }
  });

  it("keeps the language a browser chose itself when the account saved another", async () => {
    await saveDefaultLanguage("distributor@example.com", 0);
    // `page` is a browser whose own choice is English (the suite's default).
    await signIn(page, "distributor@example.com");
    await shows(page.getByRole("heading", { name: /^Good (morning|afternoon|evening), distributor$/ }));
  });
});

/** The account's default language as the selector saves it, through the API. */
async function saveDefaultLanguage(email: string, defaultLanguageId: 0 | 1) {
  const login = await server.app.inject({
    method: "POST",
    url: "/account/acc/login_pwd",
    payload: { email, password: "Demo1234" },
  });
  const { accessToken } = (login.json() as { data: { accessToken: string } }).data;
  const saved = await server.app.inject({
    method: "POST",
    url: "/hmt-web/himit-lgs/set_default_language",
    payload: { defaultLanguageId },
    headers: { authorization: `Bearer ${accessToken}` },
  });
  expect(saved.json()).toMatchObject({ errorCode: 0, data: { defaultLanguageId } });
}
