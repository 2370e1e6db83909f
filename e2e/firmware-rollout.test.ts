import type { SimulatedDevice } from "@vrf/simulator/index.ts";
import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { exactly, keepEvidenceOfFailure, type Lang, launchBrowser, openPage, ui } from "./harness/browser.ts";
import { type DemoDevice, demoDevice, issuePassword, simulatedDevice } from "./harness/devices.ts";
import { openPackagesAsEngineer, uploadPackageInDialog } from "./harness/software-packages.ts";
import { type E2eServer, startServer } from "./harness/start-server.ts";

let server: E2eServer;
let browser: Browser;
let context: BrowserContext;
let page: Page;
let checkers: DemoDevice[];
let simulated: SimulatedDevice[] = [];

beforeAll(async () => {
  server = await startServer({ deviceLink: { broker: { embedded: { host: "127.0.0.1", port: 0 } } } });
  browser = await launchBrowser();
  checkers = [await demoDevice(server, "checker", 0), await demoDevice(server, "checker", 1)];
});
afterAll(async () => {
  await Promise.all(simulated.map((device) => device.stop()));
  await browser?.close();
  await server?.close();
});
afterEach(async (ctx) => {
  await keepEvidenceOfFailure(ctx, page);
  await context?.close();
});

/** A simulated checker on firmware 1.0.0 that installs an update in a second. */
const startChecker = async (device: DemoDevice) => {
  const checker = simulatedDevice(server, device, "checker", await issuePassword(server, device), {
    telemetryIntervalMs: 60_000,
    progressStepMs: 10,
    ackDelayMs: [100, 200],
    firmware: "1.0.0",
    otaInstallMs: 1_000,
  });
  await checker.start();
  return checker;
};

const firmwareOf = async (id: number) =>
  (await server.app.services.db.selectFrom("devices").where("id", "=", id).select("firmware").executeTakeFirstOrThrow())
    .firmware;

describe("a firmware rollout", () => {
  it("uploads firmware, rolls it out to two simulated checkers and watches both update", async () => {
    const lang: Lang = "en";
    const version = "V4.0.1";
    simulated = await Promise.all(checkers.map(startChecker));
    await Promise.all(
      checkers.map(async (checker) => {
        await expect
          .poll(
            async () =>
              (
                await server.app.services.db
                  .selectFrom("devices")
                  .where("id", "=", checker.id)
                  .select("status")
                  .executeTakeFirstOrThrow()
              ).status,
            { timeout: 15_000 },
          )
          .not.toBe("offline");
      }),
    );

    ({ context, page } = await openPage(browser, server.baseUrl, { lang }));
    await openPackagesAsEngineer(page, lang);
    const firmware = Buffer.from(Array.from({ length: 200_000 }, (_, i) => (i * 13 + 5) % 256));
    const upload = await uploadPackageInDialog(page, lang, version, { name: "hi-checker-4.0.1.bin", buffer: firmware });
    await hides(upload);
    const row = page.locator("tr.ant-table-row").filter({ hasText: "hi-checker-4.0.1.bin" });
    await row.getByRole("button", { name: exactly(ui(lang, "softwarePackages:actions.rollOut")) }).click();

    // Choose the two checkers by searching each one's device ID.
    const drawer = page.getByRole("dialog").filter({ hasText: ui(lang, "softwarePackages:newRollout.title") });
    await shows(drawer);
    const rows = drawer.locator("tr.ant-table-row");
    for (const [index, checker] of checkers.entries()) {
      const search = drawer.getByRole("searchbox", { name: ui(lang, "softwarePackages:newRollout.search") });
      await search.fill(checker.code);
      await search.press("Enter");
      // The search answers: one row, this checker's (aliases such as "Checker 10" and "Checker 103" share a prefix).
      await expect
        .poll(async () => (await rows.count()) === 1 && (await rows.first().textContent())?.includes(checker.code))
        .toBe(true);
      const box = rows.first().getByRole("checkbox", {
        name: ui(lang, "softwarePackages:newRollout.choose", { checker: checker.alias || checker.code }),
        exact: true,
      });
      // A live refresh of the list (the checkers connecting) may redraw the row under the click: tick until it holds.
      const chosen = drawer.getByText(
        ui(lang, `softwarePackages:newRollout.chosen_${index === 0 ? "one" : "other"}`, { count: index + 1 }),
      );
      await expect
        .poll(async () => {
          if (!(await box.isChecked().catch(() => false))) await box.check({ timeout: 2_000 }).catch(() => undefined);
          return chosen.isVisible();
        })
        .toBe(true);
    }
    await shows(drawer.getByText(ui(lang, "softwarePackages:newRollout.chosen_other", { count: 2 })));
    await drawer.getByRole("button", { name: exactly(ui(lang, "softwarePackages:newRollout.submit")) }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: ui(lang, "softwarePackages:newRollout.confirmTitle") });
    await confirm.getByRole("button", { name: exactly(ui(lang, "softwarePackages:newRollout.submit")) }).click();

    // The rollout's detail opens and follows both checkers to the end, live.
    const detail = page
      .getByRole("dialog")
      .filter({ hasText: ui(lang, "softwarePackages:rollout.title", { version }) });
    await shows(detail);
    await shows(
      detail.getByText(ui(lang, "softwarePackages:rollout.finished", { done: 2, total: 2, failed: 0 })),
      30_000,
    );
    for (const checker of checkers) {
      const target = detail.locator("tr.ant-table-row").filter({ hasText: checker.code });
      await shows(target.getByText(exactly(ui(lang, "softwarePackages:targetStates.done"))));
      await shows(
        target.getByText(ui(lang, "softwarePackages:rollout.firmwareChange", { from: "1.0.0", to: version })),
      );
      expect(await firmwareOf(checker.id)).toBe(version);
    }
    expect(simulated.map((device) => device.firmware)).toEqual([version, version]);

    // The rollouts tab lists it as finished.
    await detail.getByRole("button", { name: /close/i }).first().click();
    await shows(page.getByRole("tab", { name: ui(lang, "softwarePackages:tabs.rollouts") }));
    const listed = page.locator("tr.ant-table-row").filter({ hasText: version });
    await shows(listed.getByText(exactly(ui(lang, "softwarePackages:rolloutStates.finished"))));
  });
});
