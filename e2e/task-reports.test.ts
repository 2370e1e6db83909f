import { mkdirSync, readFileSync, writeFileSync } from "node:fs";
import { createRequire } from "node:module";
import { dirname, join } from "node:path";
import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterEach, describe, expect, it } from "vitest";
import { shows } from "./harness/assert.ts";
import { enterModule, keepEvidenceOfFailure, openPage, signIn, ui, waitForRoute } from "./harness/browser.ts";
import { type DemoDevice, demoDevice } from "./harness/devices.ts";
import { minutesAhead, startFastChecker } from "./harness/fast-checker.ts";
import { type E2eServer, REPO_ROOT } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let browser: Browser;

useE2eSuite(
  (state) => {
    ({ server, browser } = state);
  },
  { deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } },
);

const text = (key: string, values?: Record<string, string | number>) => ui("zh", `checkerTasks:${key}`, values);

const running: SimulatedDevice[] = [];
let zhContext: BrowserContext | undefined;

afterEach(async (ctx) => {
  for (const device of running.splice(0)) await device.stop({ graceful: false });
  await keepEvidenceOfFailure(ctx, zhContext?.pages()[0]);
  await zhContext?.close();
  zhContext = undefined;
});

async function simulateChecker(device: DemoDevice): Promise<SimulatedDevice> {
  const simulated = await startFastChecker(server, device);
  running.push(simulated);
  return simulated;
}

const taskOf = async (name: string) =>
  server.app.services.db
    .selectFrom("checker_tasks")
    .where("name", "=", name)
    .select(["id", "status"])
    .executeTakeFirst();

async function createCollectionTask(page: Page, device: DemoDevice, name: string) {
  await page.goto(`/#/equipmentCenter/createDataReport?deviceId=${device.id}`);
  await waitForRoute(page, "/equipmentCenter/createDataReport");
  await shows(page.getByText(device.code).first());
  await page.getByLabel(text("form.name")).fill(name);
  await page.getByText(text("kind.collection"), { exact: true }).click();
  await page.getByLabel(text("form.interval")).fill("60");
  const endAt = page.getByLabel(text("form.endAt"));
  await endAt.click();
  await endAt.fill(minutesAhead(3));
  await page.locator(".ant-picker-dropdown:visible .ant-picker-ok button").click();
  await page.getByRole("button", { name: text("form.submit") }).click();
  await waitForRoute(page, "/equipmentCenter/CheckerTaskList");
}

const PDFJS = dirname(createRequire(import.meta.url).resolve("pdfjs-dist/package.json"));

/**
 * Renders a PDF's first page in the browser with pdf.js (served from the package under a path
 * of the page's own origin) to a canvas; answers the first page's text and every page's, the
 * first page's share of non-white pixels, and its canvas as a PNG.
 */
async function renderFirstPage(page: Page, pdf: Buffer) {
  const base = `${server.baseUrl}/__pdf-check`;
  await page.route(`${base}/**`, (route) => {
    const name = new URL(route.request().url()).pathname.split("/").pop() ?? "";
    if (name === "report.pdf") return route.fulfill({ body: pdf, contentType: "application/pdf" });
    if (name === "index.html") return route.fulfill({ body: RENDER_PAGE, contentType: "text/html" });
    return route.fulfill({ body: readFileSync(join(PDFJS, "build", name)), contentType: "text/javascript" });
  });
  await page.goto(`${base}/index.html`);
  await page.waitForFunction(() => "report" in window, undefined, { timeout: 30_000 });
  const result = (await page.evaluate(() => (window as unknown as { report: unknown }).report)) as {
    error?: string;
    pages: number;
    text: string;
    allText: string;
    inked: number;
    width: number;
  };
  if (result.error) throw new Error(`pdf.js could not render the report: ${result.error}`);
  return { ...result, png: await page.locator("#page").screenshot() };
}

/** The page that renders it: a module script of its own, so the test's bundler never touches it. */
const RENDER_PAGE = `<!doctype html><html><body style="margin:0;background:#fff"><canvas id="page"></canvas>
<script type="module">
try {
  const pdfjs = await import("./pdf.mjs");
  pdfjs.GlobalWorkerOptions.workerSrc = "./pdf.worker.mjs";
  const doc = await pdfjs.getDocument("./report.pdf").promise;
  const first = await doc.getPage(1);
  const viewport = first.getViewport({ scale: 1.6 });
  const canvas = document.getElementById("page");
  canvas.width = Math.floor(viewport.width);
  canvas.height = Math.floor(viewport.height);
  const context = canvas.getContext("2d");
  await first.render({ canvasContext: context, viewport }).promise;
  const pixels = context.getImageData(0, 0, canvas.width, canvas.height).data;
  let inked = 0;
  for (let i = 0; i < pixels.length; i += 4) {
    if (pixels[i] < 200 || pixels[i + 1] < 200 || pixels[i + 2] < 200) inked++;
  }
  const texts = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const content = await (await doc.getPage(n)).getTextContent();
    texts.push(content.items.map((item) => item.str ?? "").join(" "));
  }
  window.report = {
    pages: doc.numPages, text: texts[0], allText: texts.join("\\n"),
    inked: inked / (pixels.length / 4), width: canvas.width,
  };
} catch (error) {
  window.report = { error: String(error && error.stack || error) };
}
</script></body></html>`;

describe("data reports", () => {
  it("creates a data report of a finished task from the history, downloads the PDF and reads its first page", async () => {
    const device = await demoDevice(server, "checker", 0);
    await simulateChecker(device);
    let page: Page;
    ({ context: zhContext, page } = await openPage(browser, server.baseUrl, { lang: "zh" }));
    await signIn(page, "checker@example.com", "Demo1234", { lang: "zh" });
    await enterModule(page, "checker", "zh");
    await waitForRoute(page, "/dashboard");

    await createCollectionTask(page, device, "E2E 报告任务");
    await expect.poll(async () => (await taskOf("E2E 报告任务"))?.status, { timeout: 30_000 }).toBe("finished");

    await page.goto("/#/equipmentCenter/HistoricalRecords");
    await waitForRoute(page, "/equipmentCenter/HistoricalRecords");
    const row = page.locator("tr.ant-table-row", { hasText: "E2E 报告任务" });
    await shows(row.getByText(text("status.finished")));
    await row.getByRole("button", { name: new RegExp(text("reports.action")) }).click();

    const drawer = page.getByRole("dialog");
    await shows(drawer.getByText(text("reports.drawerTitle", { name: "E2E 报告任务" })));
    await shows(drawer.getByText(text("reports.empty")));

    // Too long: the form says what the limit is, and nothing is created.
    const notesBox = drawer.getByLabel(text("reports.notes"));
    await notesBox.fill("长".repeat(2001));
    await drawer.getByRole("button", { name: new RegExp(text("reports.create")) }).click();
    await shows(drawer.getByText(text("reports.notesTooLong", { max: 2000 })));
    expect(await server.app.services.db.selectFrom("task_reports").selectAll().execute()).toHaveLength(0);

    const notes = "已清洗室内机过滤网，系统压力正常。建议三个月后复查。";
    await drawer.getByLabel(text("reports.title")).fill("年度保养报告");
    await notesBox.fill(notes);
    await drawer.getByRole("button", { name: new RegExp(text("reports.create")) }).click();
    await shows(page.getByText(text("reports.created")));
    const item = drawer.locator(".ant-list-item", { hasText: "年度保养报告" });
    await shows(item.getByText(text("reports.language.zh")));

    // For a person to look at: the drawer with the new report (test-results/ is git-ignored).
    const dir = join(REPO_ROOT, "test-results");
    mkdirSync(dir, { recursive: true });
    await page.screenshot({ path: join(dir, "task-reports-drawer.png") });

    const [download] = await Promise.all([
      page.waitForEvent("download"),
      item.getByRole("button", { name: new RegExp(text("reports.download")) }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^数据报告-年度保养报告-\d{8}-\d{4}\.pdf$/);
    const pdf = readFileSync(await download.path());
    expect(pdf.subarray(0, 5).toString("latin1")).toBe("%PDF-");

    const rendered = await renderFirstPage(page, pdf);
    writeFileSync(join(dir, "task-report-page-1.png"), rendered.png);
    expect(rendered.width).toBeGreaterThan(900);
    // A page of text, tables and charts: well above a blank page, well below a filled one.
    expect(rendered.inked).toBeGreaterThan(0.02);
    expect(rendered.inked).toBeLessThan(0.6);
    expect(rendered.text).toContain("数据报告");
    expect(rendered.text).toContain("年度保养报告");
    expect(rendered.text).toContain(device.code);
    expect(rendered.text).toContain("外机压力");
    // The notes follow the charts and faults: on a later page when those fill the first.
    expect(rendered.allText).toContain(notes);
  });
});
