import { existsSync, mkdirSync, readdirSync, readFileSync } from "node:fs";
import { basename, join } from "node:path";
import { type Browser, type BrowserContext, chromium, type Locator, type Page } from "playwright-core";
import { REPO_ROOT } from "./start-server.ts";

export type Lang = "en" | "zh";

const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-dev-shm-usage",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--no-first-run",
];

/** One headless Chromium per test file (the machines have two cores: never two at once). */
export async function launchBrowser(): Promise<Browser> {
  const executablePath = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
  if (!existsSync(executablePath)) {
    throw new Error(`Chromium not found at ${executablePath}; set CHROMIUM_PATH to a Chromium or Chrome binary.`);
  }
  return chromium.launch({ executablePath, headless: true, args: CHROMIUM_ARGS });
}

export interface PageOptions {
  lang?: Lang;
  viewport?: { width: number; height: number };
  /** Close the announcements dialog whenever it gets in the way (default true). */
  dismissAnnouncements?: boolean;
  /**
   * Start with `lang` stored as this browser's own language choice (default true), so the
   * page stays in `lang` after signing in whatever language the account saved (a browser
   * without a choice takes the account's, lib/account-language.ts). False: a new browser
   * with empty storage, whose first language is the browser locale's.
   */
  storedLanguage?: boolean;
  /**
   * Cookies and localStorage to start with, e.g. another context's `storageState()`: a browser
   * with a saved session (the tokens live in localStorage) but an empty cache.
   */
  storageState?: Awaited<ReturnType<BrowserContext["storageState"]>>;
}

/**
 * A fresh context and page, in `lang`: the browser locale, and the stored choice unless
 * `storedLanguage` is false.
 */
export async function openPage(
  browser: Browser,
  baseUrl: string,
  options: PageOptions = {},
): Promise<{ context: BrowserContext; page: Page }> {
  const lang = options.lang ?? "en";
  const context = await browser.newContext({
    baseURL: baseUrl,
    viewport: options.viewport ?? { width: 1440, height: 900 },
    locale: lang === "zh" ? "zh-CN" : "en-US",
    ...(options.storageState ? { storageState: options.storageState } : {}),
  });
  // Shorter than Playwright's 30 s: a missing element fails the test well inside vitest's timeout.
  context.setDefaultTimeout(15_000);
  if (options.storedLanguage ?? true) {
    // Before the app's scripts on every load; a choice made in the test (the selector) is kept.
    await context.addInitScript((code) => {
      if (localStorage.getItem("language") === null) localStorage.setItem("language", code);
    }, lang);
  }
  const page = await context.newPage();
  if (options.dismissAnnouncements ?? true) await dismissAnnouncementsWhenShown(page);
  return { context, page };
}

// ---------------------------------------------------------------------------
// UI texts: the helpers find controls by the labels a user reads, taken from the
// app's own locale files so they work in both languages. Assertions in the tests
// spell out the expected text literally.

type LocaleTree = { [key: string]: string | LocaleTree };
const LOCALES_DIR = join(REPO_ROOT, "apps/web/src/locales");
const localeCache = new Map<string, LocaleTree>();

const namespace = (lang: Lang, ns: string): LocaleTree => {
  const key = `${lang}/${ns}`;
  let tree = localeCache.get(key);
  if (!tree) {
    const file = join(LOCALES_DIR, lang, `${ns}.json`);
    if (!existsSync(file)) {
      const known = readdirSync(join(LOCALES_DIR, lang)).join(", ");
      throw new Error(`no locale file ${file} (have ${known})`);
    }
    tree = JSON.parse(readFileSync(file, "utf8")) as LocaleTree;
    localeCache.set(key, tree);
  }
  return tree;
};

/** `ui("en", "auth:login.submit")` -> "Sign in"; `{{name}}` placeholders are filled from `values`. */
export function ui(lang: Lang, key: string, values: Record<string, string | number> = {}): string {
  const [ns, path] = key.includes(":") ? (key.split(":", 2) as [string, string]) : ["common", key];
  let node: string | LocaleTree | undefined = namespace(lang, ns);
  for (const part of path.split(".")) node = typeof node === "object" ? node[part] : undefined;
  if (typeof node !== "string") throw new Error(`no text ${lang}:${key}`);
  return node.replace(/\{\{(\w+)\}\}/g, (_, name: string) => String(values[name] ?? `{{${name}}}`));
}

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/**
 * Exact match for a button's accessible name. antd puts a space between the two
 * characters of a two-character Chinese label ("登录" shows as "登 录"), and a
 * button whose loading state ended very quickly can keep its collapsed spinner
 * (aria-label "loading") in the accessibility tree.
 */
export const exactly = (text: string): RegExp =>
  new RegExp(
    `^(?:loading\\s+)?${/^[\u4e00-\u9fff]{2}$/.test(text) ? `${text[0]}\\s?${text[1]}` : escapeRegExp(text)}$`,
  );

// ---------------------------------------------------------------------------
// Page helpers

/** The hash route the page shows now, e.g. "/login?redirect=%2Fagency". */
export const hashPath = (page: Page): string => new URL(page.url()).hash.replace(/^#/, "") || "/";

/** Waits until the hash route's path (without query) is `path`. */
export async function waitForRoute(page: Page, path: string): Promise<void> {
  await page.waitForURL((url) => url.hash.replace(/^#/, "").split("?")[0] === path);
}

/** antd's dialog zoom-in (or zoom-out) while it runs. */
const zoomingDialog = (page: Page) =>
  page.locator(".ant-modal.ant-zoom-appear, .ant-modal.ant-zoom-enter, .ant-modal.ant-zoom-leave").first();

/**
 * The demo accounts have unread announcements, and the app opens the dialog on its
 * own in the shell. Playwright closes it whenever it would block an action or assertion,
 * the way a user does: "Got it" once the dialog has finished zooming in. A click made while
 * it grows can land beside the moving button (seen on a loaded CI machine), so the handler
 * clicks again while the dialog is still there.
 */
export async function dismissAnnouncementsWhenShown(page: Page): Promise<void> {
  const dialog = page.getByRole("dialog", {
    name: new RegExp(`${ui("en", "announcements.title")}|${ui("zh", "announcements.title")}`),
  });
  const gotIt = dialog.getByRole("button", {
    name: new RegExp(`${ui("en", "announcements.gotIt")}|${ui("zh", "announcements.gotIt")}`),
  });
  await page.addLocatorHandler(dialog, async () => {
    for (let attempt = 1; await dialog.isVisible(); attempt++) {
      await zoomingDialog(page).waitFor({ state: "detached" });
      if (!(await dialog.isVisible())) return;
      await gotIt.click();
      try {
        await dialog.waitFor({ state: "hidden", timeout: 5_000 });
      } catch (error) {
        if (attempt >= 3) throw error;
      }
    }
  });
}

/** Fills and submits the sign-in form on /login (opens it first unless `navigate` is false). */
export async function submitSignIn(
  page: Page,
  email: string,
  password: string,
  { lang = "en", navigate = true }: { lang?: Lang; navigate?: boolean } = {},
): Promise<void> {
  if (navigate) await page.goto("/#/login");
  await page.getByLabel(ui(lang, "auth:fields.email"), { exact: true }).fill(email);
  await page.getByLabel(ui(lang, "auth:fields.password"), { exact: true }).fill(password);
  await page.getByRole("button", { name: exactly(ui(lang, "auth:login.submit")) }).click();
}

/**
 * Signs in through the UI and waits for the module chooser, or for the module page an
 * account with a single module is taken to without a chooser.
 */
export async function signIn(
  page: Page,
  email: string,
  password = "Demo1234",
  options: { lang?: Lang; navigate?: boolean } = {},
): Promise<void> {
  await submitSignIn(page, email, password, options);
  await page.waitForURL((url) => !["/login", "/"].includes(url.hash.replace(/^#/, "").split("?")[0] || "/"));
}

export type ModuleName = "distributor" | "checker";

/**
 * On /restrict: enters a module by its card's button. An account with that module only has
 * been taken in already (or is being taken in by the chooser itself): nothing to click then.
 */
export async function enterModule(page: Page, module: ModuleName, lang: Lang = "en"): Promise<void> {
  const name = ui(lang, `moduleChoice:modules.${module}.name`);
  const button = page.getByRole("button", { name: ui(lang, "moduleChoice:enterModule", { name }) });
  const deadline = Date.now() + 15_000;
  while (hashPath(page).startsWith("/restrict")) {
    if (await button.isVisible()) {
      await button.click();
      return;
    }
    if (Date.now() > deadline) throw new Error(`no "${name}" card to enter on ${hashPath(page)}`);
    await page.waitForTimeout(100);
  }
}

/** A button whose accessible name is its icon's name followed by `label` ("search Search"). */
export const iconButton = (page: Page, label: string) =>
  page.getByRole("button", { name: new RegExp(`^(?:[\\w-]+\\s+)?${label.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}$`) });

/** The sidebar of the module shell. */
export const sidebar = (page: Page) => page.locator(".app-sider, .sidebar-drawer").first();

/**
 * Sidebar: `group` -> `item`, then waits for `route`. The shell settles first: the announcements
 * dialog opens on its own once its call answers, and a click made as it appears lands on its mask.
 * The group is already open on its own pages, where a click would fold it; it unfolds with an
 * animation, and the click waits for that to end.
 */
export async function openFromSidebar(page: Page, group: string, item: string, route: string): Promise<void> {
  await page.waitForLoadState("networkidle");
  const side = sidebar(page);
  const entry = side.getByRole("menuitem", { name: item });
  if (!(await entry.isVisible())) await side.getByRole("menuitem", { name: group }).click();
  await side.locator(".ant-motion-collapse").first().waitFor({ state: "detached" });
  await entry.click();
  await waitForRoute(page, route);
}

/**
 * Clicks a button of a dialog once the dialog has finished opening: antd zooms a dialog in from
 * the click that opened it, and a click made while it grows can miss the button.
 */
export async function clickInDialog(dialog: Locator, button: string): Promise<void> {
  await dialog.waitFor();
  await zoomingDialog(dialog.page()).waitFor({ state: "detached" });
  await dialog.getByRole("button", { name: exactly(button) }).click();
}

/** Opens the user drop-down in the top bar and returns its menu. */
export async function openUserMenu(page: Page, lang: Lang = "en") {
  await page.getByRole("button", { name: ui(lang, "user.menu") }).click();
  const menu = page.getByRole("menu").filter({ has: page.getByRole("menuitem", { name: ui(lang, "user.logout") }) });
  await menu.waitFor();
  return menu;
}

/** User drop-down -> "Log out"; waits for the sign-in page. */
export async function logOut(page: Page, lang: Lang = "en"): Promise<void> {
  const menu = await openUserMenu(page, lang);
  await menu.getByRole("menuitem", { name: ui(lang, "user.logout") }).click();
  await waitForRoute(page, "/login");
}

/**
 * For afterEach: when the test failed, keep a screenshot of the page and its address in
 * test-results/ (git-ignored), so a failure on CI can be seen, not only read.
 */
export async function keepEvidenceOfFailure(
  ctx: { task: { name: string; file?: { name: string }; result?: { state?: string } } },
  page: Page | undefined,
): Promise<void> {
  if (ctx.task.result?.state !== "fail" || !page || page.isClosed()) return;
  const dir = join(REPO_ROOT, "test-results");
  mkdirSync(dir, { recursive: true });
  const slug = `${basename(ctx.task.file?.name ?? "e2e", ".test.ts")}-${ctx.task.name}`
    .replace(/[^a-zA-Z0-9-]+/g, "-")
    .slice(0, 120);
  const file = join(dir, `${slug}.png`);
  await page.screenshot({ path: file, fullPage: true }).catch(() => undefined);
  console.error(`failure evidence: ${file} (page at ${page.url()})`);
}
