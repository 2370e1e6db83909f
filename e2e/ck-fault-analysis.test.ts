import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, hashPath, openFromSidebar, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const text = (key: string, values?: Record<string, string | number>) => ui("en", `faults:${key}`, values);
const query = (page: Page) => new URLSearchParams(hashPath(page).split("?")[1] ?? "");
const recordRows = (page: Page) => page.locator(".faults-table-card .ant-table-tbody tr.ant-table-row");

/** The engineer's checkers: its organisation's ("Demo Distributor") and those bound to its account. */
async function engineersCheckers() {
  const db = server.app.services.db;
  const account = await db
    .selectFrom("accounts")
    .where("email", "=", "checker@example.com")
    .select(["id", "organisation_id"])
    .executeTakeFirstOrThrow();
  const organisation = await db
    .selectFrom("organisations")
    .where("name", "=", "Demo Distributor")
    .select("id")
    .executeTakeFirstOrThrow();
  expect(account.organisation_id).toBe(organisation.id);
  return db
    .selectFrom("devices as d")
    .where("d.kind", "=", "checker")
    .where((eb) =>
      eb.or([
        eb("d.organisation_id", "=", organisation.id),
        eb.exists(
          eb
            .selectFrom("device_bound_users as b")
            .whereRef("b.device_id", "=", "d.id")
            .where("b.account_id", "=", account.id)
            .select("b.device_id"),
        ),
      ]),
    )
    .select(["d.id", "d.serial_number", "d.organisation_id", "d.project_id"])
    .orderBy("d.id")
    .execute();
}

describe("the Hi-Checker module's fault analysis", () => {
  it("shows the faults of the engineer's checkers, filters by one checker and links it to its detail page", async () => {
    const db = server.app.services.db;
    const checkers = await engineersCheckers();
    expect(checkers.length).toBeGreaterThan(0);
    const ids = checkers.map((c) => c.id);
    const countOf = async (deviceIds: number[]) =>
      Number(
        (
          await db
            .selectFrom("faults")
            .where("device_id", "in", deviceIds)
            .select((eb) => eb.fn.countAll().as("n"))
            .executeTakeFirstOrThrow()
        ).n,
      );

    // The demo data may raise none on checkers: one fault on the first makes the journey meaningful.
    if ((await countOf(ids)) === 0) {
      const first = checkers[0] as (typeof checkers)[number];
      await db
        .insertInto("faults")
        .values({
          organisation_id: first.organisation_id,
          project_id: first.project_id,
          device_id: first.id,
          code: "E01",
          occurred_at: new Date(Date.now() - 3_600_000),
          repaired_at: null,
        })
        .execute();
    }
    const total = await countOf(ids);
    const newest = await db
      .selectFrom("faults as f")
      .innerJoin("devices as d", "d.id", "f.device_id")
      .where("f.device_id", "in", ids)
      .select(["d.id", "d.serial_number as serialNumber"])
      .orderBy("f.occurred_at", "desc")
      .executeTakeFirstOrThrow();
    const ofNewest = await countOf([newest.id]);

    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await openFromSidebar(
      page,
      ui("en", "menu:equipmentCenter"),
      ui("en", "menu:CkFaultAnalysis"),
      "/equipmentCenter/ckfaultanalysis",
    );
    await shows(page.getByText(text("intro.hiChecker")));
    await shows(page.getByText(text("table.total", { total }), { exact: true }).first());
    await shows(recordRows(page).first());
    // The module has no project or distributor pick lists: the device filter is the checker's.
    await hides(page.getByRole("combobox", { name: text("filters.project") }));
    await hides(page.getByRole("combobox", { name: text("filters.organisation") }));
    expect(await page.locator('.faults-table-card a[href*="projectDetail"]').count()).toBe(0);

    // Filter by the checker of the newest fault, picked by its serial number.
    const checkerSelect = page.getByRole("combobox", { name: text("filters.checker") });
    await checkerSelect.click();
    await checkerSelect.fill(newest.serialNumber);
    await page.locator(`.ant-select-item-option[title^="${newest.serialNumber} · "]`).click();
    await page
      .locator(".faults-filter-card")
      .getByRole("button", { name: /Search$/ })
      .click();
    await page.waitForURL(
      (url) => new URLSearchParams(url.hash.split("?")[1] ?? "").get("deviceId") === `${newest.id}`,
    );
    await shows(page.getByText(text("table.total", { total: ofNewest }), { exact: true }).first());
    await expect
      .poll(async () => new Set(await recordRows(page).locator("a.faults-mono").allInnerTexts()))
      .toEqual(new Set([newest.serialNumber]));

    // A row's device opens the checker's page of the Hi-Checker module.
    await recordRows(page).first().locator("a.faults-mono").click();
    await waitForRoute(page, "/equipmentCenter/ckCheckerDetail");
    expect(query(page).get("id")).toBe(`${newest.id}`);
    await shows(page.getByText(newest.serialNumber, { exact: true }).first());
  });
});
