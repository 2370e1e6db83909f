import { readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";
import { brotliDecompressSync, gunzipSync } from "node:zlib";
import type { Browser, BrowserContext, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { COMPRESSIBLE } from "../apps/web/build/precompress.ts";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, openPage, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type E2eServer, WEB_DIST } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

/**
 * The first-load budget: the script a browser fetches (compressed, as it travels) until the page
 * is idle stays under 300 kB, for the sign-in page, for the dashboard reached by signing in, and
 * for the dashboard opened straight away by a browser with a saved session and an empty cache.
 * Sizes, not times, so the check holds on any machine. ECharts and Leaflet stay out of all three.
 */
const BUDGET_BYTES = 300_000;

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;

useE2eSuite((state) => {
  ({ server, browser, context, page } = state);
});

/** Text found only in ECharts' and in Leaflet's code, to tell whether a script carries them. */
const HEAVY_LIBRARIES = { echarts: "_echarts_instance_", leaflet: "leafletjs.com" };

interface ScriptLoad {
  url: string;
  encoding: string | undefined;
  /** Bytes of the body as received (Content-Encoding applied), per Chromium's own accounting. */
  bytes: number;
  text: string;
}

/** Records every script the page fetches from now on; `settle` waits for all of them. */
function recordScripts(page: Page) {
  const pending: Promise<ScriptLoad>[] = [];
  const onResponse = (response: Response) => {
    const url = new URL(response.url());
    if (!url.pathname.endsWith(".js")) return;
    pending.push(
      (async () => {
        const [sizes, text] = await Promise.all([response.request().sizes(), response.text()]);
        return {
          url: url.pathname,
          encoding: (await response.allHeaders())["content-encoding"],
          bytes: sizes.responseBodySize,
          text,
        };
      })(),
    );
  };
  page.on("response", onResponse);
  return {
    async settle(): Promise<ScriptLoad[]> {
      // Idle: no request for half a second, then a moment for anything started late (lazy parts).
      await page.waitForLoadState("networkidle");
      await page.waitForTimeout(1_000);
      await page.waitForLoadState("networkidle");
      page.off("response", onResponse);
      return Promise.all(pending);
    },
  };
}

const total = (loads: ScriptLoad[]) => loads.reduce((sum, load) => sum + load.bytes, 0);

const carrying = (loads: ScriptLoad[], marker: string) =>
  loads.filter((load) => load.text.includes(marker)).map((load) => load.url);

const describeLoads = (loads: ScriptLoad[]) =>
  `${loads.length} scripts, ${total(loads)} bytes: ${loads
    .map((l) => `${l.url} ${l.bytes}`)
    .sort()
    .join(", ")}`;

function expectWithinBudget(loads: ScriptLoad[]) {
  expect(loads.length).toBeGreaterThan(0);
  // Every script came precompressed with brotli (Chromium asks for br on 127.0.0.1 too).
  expect(loads.filter((load) => load.encoding !== "br").map((load) => load.url)).toEqual([]);
  // A body size of 0 would mean the accounting failed (a cached copy), not a small script.
  expect(loads.filter((load) => load.bytes <= 0).map((load) => load.url)).toEqual([]);
  expect(total(loads), describeLoads(loads)).toBeLessThan(BUDGET_BYTES);
  for (const marker of Object.values(HEAVY_LIBRARIES)) expect(carrying(loads, marker)).toEqual([]);
}

describe("first-load budget", () => {
  it("the build carries a brotli and a gzip copy of every compressible file, each decoding to it", () => {
    const files: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const path = join(dir, name);
        if (statSync(path).isDirectory()) walk(path);
        else if (COMPRESSIBLE.test(name)) files.push(path);
      }
    };
    walk(WEB_DIST);
    expect(files.some((f) => f.endsWith("index.html"))).toBe(true);
    expect(files.filter((f) => f.endsWith(".js")).length).toBeGreaterThan(10);
    for (const file of files) {
      const body = readFileSync(file);
      const where = relative(WEB_DIST, file);
      expect(brotliDecompressSync(readFileSync(`${file}.br`)).equals(body), `${where}.br`).toBe(true);
      expect(gunzipSync(readFileSync(`${file}.gz`)).equals(body), `${where}.gz`).toBe(true);
    }
    // The heavy libraries are in the build, for the pages that use them.
    const scripts = files.filter((f) => f.endsWith(".js")).map((f) => readFileSync(f, "utf8"));
    for (const marker of Object.values(HEAVY_LIBRARIES)) expect(scripts.some((s) => s.includes(marker))).toBe(true);
  });

  it("the sign-in page loads under 300 kB of compressed script, then the dashboard after signing in too", async () => {
    const login = recordScripts(page);
    await page.goto("/#/login");
    await shows(page.getByRole("button", { name: ui("en", "auth:login.submit") }));
    const loginLoads = await login.settle();
    expectWithinBudget(loginLoads);

    // What signing in adds: the module choice, the module shell and the dashboard with its chart.
    const dashboard = recordScripts(page);
    await signIn(page, "distributor@example.com", "Demo1234", { navigate: false });
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await shows(page.getByRole("img", { name: ui("en", "agency:trend.label") }).locator("canvas"));
    const dashboardLoads = await dashboard.settle();
    expectWithinBudget(dashboardLoads);
    // Nothing was fetched twice: the sign-in page's scripts came from the cache.
    const loginUrls = new Set(loginLoads.map((load) => load.url));
    expect(dashboardLoads.filter((load) => loginUrls.has(load.url)).map((load) => load.url)).toEqual([]);
  });

  it("a browser with a saved session and an empty cache opens the dashboard straight away under 300 kB too", async () => {
    // The session as signing in leaves it (tokens, chosen module and settings in localStorage).
    await signIn(page, "distributor@example.com", "Demo1234");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    const session = await context.storageState();

    // Another browser with that session, and nothing cached: a bookmark of the dashboard opened the
    // next morning. None of the sign-in page's scripts are at hand, so the dashboard fetches all it needs.
    const cold = await openPage(browser, server.baseUrl, { storageState: session, dismissAnnouncements: false });
    try {
      const scripts = recordScripts(cold.page);
      await cold.page.goto("/#/agency");
      await shows(cold.page.getByRole("img", { name: ui("en", "agency:trend.label") }).locator("canvas"));
      const loads = await scripts.settle();
      expect(new URL(cold.page.url()).hash).toBe("#/agency");
      expectWithinBudget(loads);

      // The unread announcements open on their own: closed the way a user does, the dashboard stays.
      const announcements = cold.page.getByRole("dialog", { name: ui("en", "announcements.title") });
      if (await announcements.isVisible()) {
        await announcements.getByRole("button", { name: ui("en", "announcements.gotIt") }).click();
        await hides(announcements);
      }
      await shows(cold.page.getByRole("img", { name: ui("en", "agency:trend.label") }));
    } finally {
      await cold.context.close();
    }
  });
});
