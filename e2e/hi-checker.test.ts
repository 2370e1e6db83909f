import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, iconButton, openFromSidebar, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const text = (key: string, values?: Record<string, string | number>) => ui("en", `devices:${key}`, values);

describe("the Hi-Checker module's checkers", () => {
  it("shows an engineer their organisation's checkers and opens one, without Distributor Cloud's actions", async () => {
    const db = server.app.services.db;
    const checkers = await db
      .selectFrom("devices as d")
      .innerJoin("organisations as o", "o.id", "d.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .where("d.kind", "=", "checker")
      .select(["d.id", "d.serial_number"])
      .orderBy("d.id")
      .execute();
    expect(checkers.length).toBeGreaterThan(0);

    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await openFromSidebar(
      page,
      ui("en", "menu:equipmentCenter"),
      ui("en", "menu:CkHiMitChecker"),
      "/equipmentCenter/ckHiMitChecker",
    );
    await shows(page.getByText(text("list.total", { total: checkers.length })));
    await hides(iconButton(page, text("list.register")));
    await hides(iconButton(page, text("list.export")));

    const first = checkers[0] as (typeof checkers)[number];
    await page.getByLabel(text("filters.keyword"), { exact: true }).fill(first.serial_number);
    await iconButton(page, text("filters.search")).click();
    await shows(page.getByText(text("list.total", { total: 1 })));
    await page
      .locator(".ant-table")
      .getByRole("link", { name: text("list.details") })
      .click();
    await waitForRoute(page, "/equipmentCenter/ckCheckerDetail");
    expect(new URL(page.url()).hash).toContain(`id=${first.id}`);
    await shows(page.getByText(first.serial_number, { exact: true }));
    await hides(iconButton(page, text("detail.edit")));
  });

  it("shows the indoor units of the checker chosen on CkInDoor", async () => {
    const db = server.app.services.db;
    const checker = await db
      .selectFrom("devices as d")
      .innerJoin("organisations as o", "o.id", "d.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .where("d.kind", "=", "checker")
      .where((eb) => eb.exists(eb.selectFrom("indoor_units as u").whereRef("u.device_id", "=", "d.id").select("u.id")))
      .select(["d.id"])
      .orderBy("d.id")
      .executeTakeFirstOrThrow();
    const units = await db
      .selectFrom("indoor_units")
      .where("device_id", "=", checker.id)
      .select("serial_number")
      .orderBy("address")
      .execute();

    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await page.goto(`/#/equipmentCenter/ckindoor?deviceId=${checker.id}`);
    await waitForRoute(page, "/equipmentCenter/ckindoor");
    await shows(page.getByText(text("list.total", { total: units.length })));
    await shows(page.getByText(units[0]?.serial_number as string, { exact: true }));
    await shows(page.getByRole("combobox", { name: text("checkerPicker.label") }));
  });
});
