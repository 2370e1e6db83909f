import type { TDeviceDeadLetterPage } from "@vrf/contract/device-dead-letters/list.ts";
import type { Browser, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  enterModule,
  exactly,
  type Lang,
  openFromSidebar,
  openPage,
  sidebar,
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

const LIST_PATH = "/hmt-web/distributor/device-dead-letters/list";
const PAGE_PATH = "/platformCenter/deviceDeadLetters";
const text = (lang: Lang, key: string, values?: Record<string, string | number>) =>
  ui(lang, `deviceDeadLetters:${key}`, values);

const rows = () => page.locator(".ant-table-tbody tr.ant-table-row");

/** The next answer of the list endpoint, as the page received it. */
const nextList = async (): Promise<TDeviceDeadLetterPage> => {
  const response = await page.waitForResponse((r) => r.url().endsWith(LIST_PATH) && r.status() === 200);
  return ((await response.json()) as { data: TDeviceDeadLetterPage }).data;
};

/** Signs in, enters Distributor Cloud and opens the page from the sidebar; the first page the server sent. */
async function openDeadLetters(lang: Lang, email = "distributor@example.com"): Promise<TDeviceDeadLetterPage> {
  await signIn(page, email, "Demo1234", { lang });
  await enterModule(page, "distributor", lang);
  await waitForRoute(page, "/agency");
  const answer = nextList();
  await openFromSidebar(page, ui(lang, "menu:platformCenter"), ui(lang, "menu:deviceDeadLetters"), PAGE_PATH);
  const first = await answer;
  await shows(page.getByText(text(lang, "intro")));
  return first;
}

/** Adds a topic to the topic filter by its name, as a user picks one, and closes the list. */
async function chooseTopic(lang: Lang, name: string) {
  await page.getByLabel(text(lang, "filters.topics"), { exact: true }).click();
  await page.keyboard.type(name);
  await page.locator(".ant-select-dropdown:visible .ant-select-item-option", { hasText: name }).click();
  await page.keyboard.press("Escape");
}

describe("rejected device messages", () => {
  it("shows the distributor its devices' rejected messages, filters them by topic and opens one", async () => {
    const first = await openDeadLetters("en");
    expect(first.list.length).toBeGreaterThan(0);
    const newest = first.list[0];
    if (!newest) throw new Error("no rejected message in the demo data");
    await shows(page.getByText(first.total === 1 ? "1 message" : `${first.total} messages`));
    await shows(rows().first().getByText(newest.serialNumber, { exact: true }));
    await shows(
      rows()
        .first()
        .getByText(text("en", `topics.${newest.topic}`), { exact: true }),
    );

    // One topic: the server is asked for it, every row shown is of it, and the address keeps it.
    const topic = text("en", `topics.${newest.topic}`);
    const filtered = nextList();
    await chooseTopic("en", topic);
    const answer = await filtered;
    expect(answer.list.length).toBeGreaterThan(0);
    expect(new Set(answer.list.map((letter) => letter.topic))).toEqual(new Set([newest.topic]));
    await expect.poll(() => rows().count()).toBe(answer.list.length);
    await expect
      .poll(() => page.evaluate(() => new URLSearchParams(location.hash.split("?")[1]).getAll("topic")))
      .toEqual([newest.topic]);
    await shows(page.getByRole("button", { name: exactly(text("en", "filters.reset")) }).first());
    const shown = answer.list[0];
    if (!shown) throw new Error("the filtered list is empty");

    // The row in full: the database's reason and the message as received.
    await rows()
      .first()
      .getByRole("button", { name: text("en", "detail.open") })
      .click();
    const drawer = page.getByRole("dialog").filter({ hasText: text("en", "detail.title") });
    await shows(drawer.getByText(text("en", "detail.payload")));
    await shows(drawer.locator(".dead-letter-error", { hasText: shown.error.slice(0, 40) }));
    if (shown.payload) await shows(drawer.locator(".dead-letter-payload", { hasText: shown.payload.slice(0, 40) }));
    await shows(drawer.getByText(`vrf/${shown.serialNumber}/${shown.topic}`));
    await page.screenshot({ path: "/tmp/device-dead-letters-drawer-en.png" });
    await page.keyboard.press("Escape");
    await hides(drawer);

    // A reload shows the same rows: the filter is in the address.
    const reloaded = nextList();
    await page.reload();
    expect((await reloaded).total).toBe(answer.total);
    await shows(page.locator(".ant-select-selection-item", { hasText: topic }));

    // The serial number leads to the device, whatever its kind.
    if (shown.deviceId !== null) {
      await rows().first().getByRole("link", { name: shown.serialNumber, exact: true }).click();
      await page.waitForURL(
        (url) => /DeviceDetails|CheckerDetail/.test(url.hash) && !url.hash.includes("devicedetails"),
      );
      await shows(page.getByText(shown.serialNumber).first());
    }
  });

  it("reads in Chinese", async () => {
    const zh = await openPage(browser, server.baseUrl, { lang: "zh" });
    page = zh.page;
    try {
      const first = await openDeadLetters("zh");
      const newest = first.list[0];
      if (!newest) throw new Error("no rejected message in the demo data");
      await shows(page.getByText(`共 ${first.total} 条消息`));
      await shows(page.getByRole("columnheader", { name: "拒收原因" }));
      await rows().first().getByRole("button", { name: "查看" }).click();
      const drawer = page.getByRole("dialog").filter({ hasText: "异常消息详情" });
      await shows(drawer.getByText("收到的消息原文"));
      await shows(drawer.getByText("数据库返回的错误"));
      await page.screenshot({ path: "/tmp/device-dead-letters-drawer-zh.png" });
    } finally {
      await zh.context.close();
    }
  });

  it("is not offered to a sub-distributor", async () => {
    await signIn(page, "subdistributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await page.waitForLoadState("networkidle");
    const side = sidebar(page);
    const group = side.getByRole("menuitem", { name: ui("en", "menu:platformCenter") });
    if (await group.isVisible()) {
      await group.click();
      await side.locator(".ant-motion-collapse").first().waitFor({ state: "detached" });
    }
    await hides(side.getByRole("menuitem", { name: ui("en", "menu:deviceDeadLetters") }));
    // Nor is the page there by its address.
    await page.goto(`/#${PAGE_PATH}`);
    await page.waitForURL((url) => !url.hash.startsWith(`#${PAGE_PATH}`));
    await hides(page.getByText(text("en", "intro")));
  });
});
