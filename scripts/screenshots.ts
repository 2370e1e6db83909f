// Screenshots of the main screens for review, in zh and en, desktop and phone:
//   npx tsx scripts/screenshots.ts                 (starts its own server on a temp DATA_DIR)
//   BASE_URL=http://localhost:8080 npx tsx scripts/screenshots.ts   (a running server with the demo data)
//   SCREENSHOT_ONLY=pc-software npx tsx scripts/screenshots.ts   (only the shots whose name holds it)
// PNGs go to screenshots/ (git-ignored). Not part of `npm test`.
import { mkdir, mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import type { Browser, Page, Response } from "playwright-core";
import { dumpSeededDatabase } from "../apps/server/test/helpers/seeded-database.ts";
import { seedTaskData } from "../bench/scale-tasks.ts";
import {
  enterModule,
  exactly,
  type Lang,
  launchBrowser,
  openPage,
  openUserMenu,
  signIn,
  ui,
  waitForRoute,
} from "../e2e/harness/browser.ts";
import { E2E_PASSWORD_COST, type E2eServer, REPO_ROOT, startServer } from "../e2e/harness/start-server.ts";
import { seedRolloutFixture } from "./rollout-fixture.ts";

const OUT_DIR = join(REPO_ROOT, "screenshots");
const LANGS: readonly Lang[] = ["zh", "en"];
const VIEWPORTS = [
  { width: 1440, height: 900 },
  { width: 390, height: 844 },
] as const;
const ACCOUNT = { email: process.env.SCREENSHOT_EMAIL ?? "distributor@example.com", password: "Demo1234" };
const ANNOUNCEMENTS_PATH = "/hmt-web/himit-checker/msg/info";

type Viewport = (typeof VIEWPORTS)[number];

const ONLY = process.env.SCREENSHOT_ONLY;
const wanted = (name: string) => !ONLY || name.includes(ONLY);

const shot = async (page: Page, name: string, lang: Lang, viewport: Viewport) => {
  if (!wanted(name)) return;
  const file = join(OUT_DIR, `${name}-${lang}-${viewport.width}x${viewport.height}.png`);
  // Fonts loaded and transitions finished, so every shot shows the settled screen.
  await page.evaluate(() => document.fonts.ready);
  // The pointer rests where the last click was; move it off so no hover state shows.
  await page.mouse.move(viewport.width - 1, viewport.height - 1);
  await page.screenshot({ path: file, animations: "disabled" });
  console.log(`  ${file}`);
};

/**
 * The announcements dialog opens by itself while unread ones exist; once they are
 * read, the bell opens it. Photograph it either way, then close it.
 */
const handleAnnouncements = async (page: Page, lang: Lang, viewport: Viewport, response: Promise<Response>) => {
  const body = (await (await response).json()) as { data?: { ejectFlag?: boolean } };
  const dialog = page.getByRole("dialog", { name: ui(lang, "announcements.title") });
  if (!body.data?.ejectFlag) await page.getByRole("button", { name: ui(lang, "announcements.title") }).click();
  await dialog.waitFor();
  // The dialog zooms in: photograph it once it has arrived.
  await page.waitForTimeout(600);
  await shot(page, "announcements", lang, viewport);
  await dialog.getByRole("button", { name: ui(lang, "announcements.gotIt") }).click();
  await dialog.waitFor({ state: "hidden" });
};

/** Lazy page code and its first calls done: no request for half a second, no spinner left. */
const settle = async (page: Page) => {
  await page.waitForLoadState("networkidle");
  await page.locator(".ant-spin-spinning, .page-loading").first().waitFor({ state: "hidden", timeout: 15_000 });
};

/** Every Distributor Cloud page, detail pages with the first record of their kind. */
const distributorPages = (ids: DetailIds): [string, string][] => [
  ["projects-list", "/projectMangement/ProjectList"],
  ["projects-write-in", "/projectMangement/projectWriteIn"],
  ["projects-map", "/projectMangement/projectMap"],
  ["projects-detail", `/projectMangement/projectDetail?id=${ids.project}`],
  ["devices-himit", "/equipmentCenter/HiMit"],
  ["devices-himit-detail", `/equipmentCenter/HiMitDeviceDetails?id=${ids.himit}`],
  ["devices-hidom", "/equipmentCenter/HiDom"],
  ["devices-hidom-detail", `/equipmentCenter/HiDomDeviceDetails?id=${ids.hidom}`],
  ["devices-smarttouch", "/equipmentCenter/SmartTouch"],
  ["devices-smarttouch-detail", `/equipmentCenter/SmartTouchDeviceDetails?id=${ids.smarttouch}`],
  ["devices-checker", "/equipmentCenter/HiMitChecker"],
  ["devices-checker-write-in", "/equipmentCenter/CheckerWriteIn"],
  ["devices-checker-detail", `/equipmentCenter/CheckerDetail?id=${ids.checker}`],
  ["devices-outdoor", "/equipmentCenter/outdoor"],
  ["devices-indoor", "/equipmentCenter/indoor"],
  ["faults", "/equipmentCenter/faultanalysis"],
  ["device-import", "/equipmentCenter/deviceimporting"],
  ["repair-reports", "/equipmentCenter/Repairreport"],
  ["repair-report-detail", `/equipmentCenter/RepairReportDetail?id=${ids.repairReport}`],
  ["device-details", `/equipmentCenter/devicedetails/${ids.himit}`],
  ["sub-distributors", "/platformCenter/distributorManagement"],
  ["team-members", "/platformCenter/teamMembers"],
  ["security-events", "/platformCenter/securityEvents"],
  ["client-errors", "/platformCenter/clientErrors"],
  ["person-info-edit", "/platformCenter/personInfoEdit"],
  ["personal-info", "/platformCenter/perInfo"],
  ["change-password", "/platformCenter/changePwd"],
];

/**
 * Every Hi-Checker page, the checker ones with the demo distributor's first checker and the task
 * ones with the two ended tasks written for it (a capture and a collection).
 */
const checkerPages = (ids: DetailIds): [string, string][] => [
  ["checkers", "/equipmentCenter/ckHiMitChecker"],
  ["checker-detail", `/equipmentCenter/ckCheckerDetail?id=${ids.checker}`],
  ["outdoor", `/equipmentCenter/ckoutdoor?deviceId=${ids.checker}`],
  ["indoor", `/equipmentCenter/ckindoor?deviceId=${ids.checker}`],
  ["system-cycle", `/equipmentCenter/ckSystemCycle?deviceId=${ids.checker}`],
  ["faults", "/equipmentCenter/ckfaultanalysis"],
  ["tasks", "/equipmentCenter/CheckerTaskList"],
  ["new-task", `/equipmentCenter/createDataReport?deviceId=${ids.checker}`],
  ["history", "/equipmentCenter/HistoricalRecords"],
  ["message-report", `/equipmentCenter/MessageReport?taskId=${ids.captureTask}`],
  ["collected-data", `/equipmentCenter/checkerData?taskId=${ids.collectionTask}`],
  ["pc-software", "/platformCenter/PCSoftware"],
  ["pc-software-rollouts", "/platformCenter/PCSoftware?tab=rollouts"],
  ["pc-software-rollout", `/platformCenter/PCSoftware?tab=rollouts&rollout=${ids.runningRollout}`],
  ["pc-software-rollout-halted", `/platformCenter/PCSoftware?tab=rollouts&rollout=${ids.haltedRollout}`],
];

interface DetailIds {
  project: number;
  himit: number;
  hidom: number;
  smarttouch: number;
  checker: number;
  repairReport: number;
  captureTask: string;
  collectionTask: string;
  runningRollout: string;
  haltedRollout: string;
}

/** The new-rollout drawer of the fixture's firmware package, with two checkers chosen. */
const shootNewRollout = async (page: Page, lang: Lang, viewport: Viewport) => {
  await page.goto("/#/platformCenter/PCSoftware");
  await settle(page);
  await page
    .getByRole("button", { name: exactly(ui(lang, "softwarePackages:actions.rollOut")) })
    .first()
    .click();
  const drawer = page.getByRole("dialog").filter({ hasText: ui(lang, "softwarePackages:newRollout.title") });
  await drawer.locator("tr.ant-table-row").first().waitFor();
  await settle(page);
  const boxes = drawer.locator("tr.ant-table-row").getByRole("checkbox");
  await boxes.nth(0).check();
  await boxes.nth(1).check();
  await shot(page, "checker-pc-software-new-rollout", lang, viewport);
  await page.keyboard.press("Escape");
};

const openMobileMenu = async (page: Page, lang: Lang) => {
  await page.getByRole("button", { name: ui(lang, "layout.expandMenu") }).click();
  await page.locator(".sidebar-drawer .sidebar-menu").waitFor();
};

async function captureAll(browser: Browser, baseUrl: string, ids: DetailIds | null) {
  for (const lang of LANGS) {
    for (const viewport of VIEWPORTS) {
      const mobile = viewport.width < 992;
      console.log(`${lang} ${viewport.width}x${viewport.height}`);
      const { context, page } = await openPage(browser, baseUrl, { lang, viewport, dismissAnnouncements: false });
      try {
        await page.goto("/#/download");
        await page.getByRole("heading", { name: ui(lang, "auth:appDownload.title") }).waitFor();
        await shot(page, "app-download", lang, viewport);
        await page.goto("/#/login");
        await page.getByRole("button", { name: exactly(ui(lang, "auth:login.submit")) }).waitFor();
        await shot(page, "login", lang, viewport);

        await signIn(page, ACCOUNT.email, ACCOUNT.password, { lang, navigate: false });
        // The address changes before the chooser's code has loaded: wait for the chooser itself.
        const checkerName = ui(lang, "moduleChoice:modules.checker.name");
        await page.getByRole("button", { name: ui(lang, "moduleChoice:enterModule", { name: checkerName }) }).waitFor();
        await shot(page, "restrict", lang, viewport);

        const announcements = page.waitForResponse((r) => r.url().includes(ANNOUNCEMENTS_PATH));
        await enterModule(page, "distributor", lang);
        await waitForRoute(page, "/agency");
        await handleAnnouncements(page, lang, viewport, announcements);
        await settle(page);
        await shot(page, "distributor-agency", lang, viewport);
        if (mobile) {
          await openMobileMenu(page, lang);
          await shot(page, "distributor-menu", lang, viewport);
          await page.keyboard.press("Escape");
          await page.locator(".sidebar-drawer .sidebar-menu").waitFor({ state: "hidden" });
        }
        await openUserMenu(page, lang);
        await shot(page, "distributor-user-menu", lang, viewport);
        await page.keyboard.press("Escape");
        if (ids) {
          for (const [name, path] of distributorPages(ids)) {
            if (!wanted(`distributor-${name}`)) continue;
            await page.goto(`/#${path}`);
            await settle(page);
            await shot(page, `distributor-${name}`, lang, viewport);
          }
          await page.goto("/#/agency");
          await settle(page);
        }
        const menu = await openUserMenu(page, lang);
        await menu.getByRole("menuitem", { name: ui(lang, "user.switchModule") }).click();
        await waitForRoute(page, "/restrict");

        await enterModule(page, "checker", lang);
        await waitForRoute(page, "/dashboard");
        // The dialog opens by itself once per page load, so it is not expected here; close it if it is.
        const dialog = page.getByRole("dialog", { name: ui(lang, "announcements.title") });
        if (await dialog.isVisible()) {
          await dialog.getByRole("button", { name: ui(lang, "announcements.gotIt") }).click();
          await dialog.waitFor({ state: "hidden" });
        }
        await settle(page);
        await shot(page, "checker-dashboard", lang, viewport);
        if (mobile) {
          await openMobileMenu(page, lang);
          await shot(page, "checker-menu", lang, viewport);
          await page.keyboard.press("Escape");
        }
        if (ids) {
          for (const [name, path] of checkerPages(ids)) {
            if (!wanted(`checker-${name}`)) continue;
            await page.goto(`/#${path}`);
            await settle(page);
            await shot(page, `checker-${name}`, lang, viewport);
          }
          if (wanted("checker-pc-software-new-rollout")) await shootNewRollout(page, lang, viewport);
        }
      } finally {
        await context.close();
      }
    }
  }
}

/** The demo distributor's first record of each kind (detail pages need an id). */
const detailIds = async (server: E2eServer): Promise<DetailIds> => {
  const db = server.app.services.db;
  const org = await db
    .selectFrom("organisations")
    .where("name", "=", "Demo Distributor")
    .select("id")
    .executeTakeFirstOrThrow();
  const device = async (kind: "himit" | "hidom" | "smarttouch" | "checker") =>
    (
      await db
        .selectFrom("devices")
        .where("organisation_id", "=", org.id)
        .where("kind", "=", kind)
        .orderBy("id")
        .select("id")
        .executeTakeFirstOrThrow()
    ).id;
  const project = await db
    .selectFrom("projects")
    .where("organisation_id", "=", org.id)
    .orderBy("id")
    .select("id")
    .executeTakeFirstOrThrow();
  const report = await db
    .selectFrom("repair_reports")
    .where("organisation_id", "=", org.id)
    .orderBy("id")
    .select("id")
    .executeTakeFirstOrThrow();
  // A short site visit on the first checker: 5,000 frames and an hour of reports, one a second.
  const tasks = await seedTaskData(
    db,
    { frames: 5_000, snapshots: 3_600 },
    { capture: "Commissioning capture", collection: "Commissioning data" },
  );
  const rollouts = await seedRolloutFixture(db);
  return {
    runningRollout: rollouts.runningId,
    haltedRollout: rollouts.haltedId,
    captureTask: tasks.captureTaskId,
    collectionTask: tasks.collectionTaskId,
    project: project.id,
    himit: await device("himit"),
    hidom: await device("hidom"),
    smarttouch: await device("smarttouch"),
    checker: await device("checker"),
    repairReport: report.id,
  };
};

const main = async () => {
  await mkdir(OUT_DIR, { recursive: true });
  const server = process.env.BASE_URL ? null : await startServer({ seededDatabase: await seededDatabase() });
  const baseUrl = server?.baseUrl ?? (process.env.BASE_URL as string);
  const browser = await launchBrowser();
  try {
    await captureAll(browser, baseUrl, server ? await detailIds(server) : null);
  } finally {
    await browser.close();
    await server?.close();
  }
};

/** A freshly seeded database (demo data as of now), dumped to a temporary file for startServer. */
async function seededDatabase() {
  const dir = await mkdtemp(join(tmpdir(), "vrf-screenshots-"));
  return dumpSeededDatabase(join(dir, "database.tar"), {
    now: new Date().toISOString(),
    passwordCost: E2E_PASSWORD_COST,
  });
}

await main();
