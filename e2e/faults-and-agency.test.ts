import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, hashPath, signIn, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const query = (page: Page) => new URLSearchParams(hashPath(page).split("?")[1] ?? "");
const recordRows = (page: Page) => page.locator(".faults-table-card .ant-table-tbody tr.ant-table-row");

async function enterDistributorCloud(page: Page) {
  await signIn(page, "distributor@example.com");
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

describe("agency dashboard and fault analysis", () => {
  it("shows the dashboard, then follows the open-faults card to the open faults, filters by code and opens the code's entry", async () => {
    await enterDistributorCloud(page);

    // The dashboard: headline cards, the breakdowns and the 30-day chart.
    await shows(page.getByRole("heading", { name: "Overview" }));
    for (const card of ["Projects", "Devices", "Open faults", "Unresolved repair reports"]) {
      await shows(page.getByRole("link", { name: new RegExp(`^${card}: \\d+$`) }));
    }
    await shows(page.getByText("Devices by type"));
    await shows(page.getByText("Sub-distributors", { exact: true }));
    await shows(page.getByRole("link", { name: /^Repair reports · Unresolved: \d+$/ }));
    await shows(page.getByRole("img", { name: "Bar chart of faults per day over the last 30 days" }).locator("canvas"));

    const openCard = page.getByRole("link", { name: /^Open faults: \d+$/ });
    const openCount = Number((await openCard.getAttribute("aria-label"))?.split(": ")[1]);
    expect(openCount).toBeGreaterThan(0);
    await openCard.click();

    // Fault analysis, filtered to faults not yet repaired.
    await waitForRoute(page, "/equipmentCenter/faultanalysis");
    expect(query(page).get("state")).toBe("open");
    await shows(page.getByText(`${openCount} records`, { exact: true }).first());
    await shows(recordRows(page).first());
    const states = await recordRows(page)
      .locator(".ant-tag")
      .filter({ hasText: /^(Repaired|Not repaired)$/ })
      .allInnerTexts();
    expect(states.length).toBeGreaterThan(0);
    expect(new Set(states)).toEqual(new Set(["Not repaired"]));

    // Both charts follow the filter and are drawn.
    await shows(page.getByRole("img", { name: "Bar chart of faults per fault code" }).locator("canvas"));
    await shows(page.getByRole("img", { name: "Bar chart of faults per day" }).locator("canvas"));

    // Filter by the code of the newest open fault.
    const code = (await recordRows(page).first().locator(".faults-code-link").innerText()).trim();
    const codeSelect = page.getByRole("combobox", { name: "Fault code" });
    await codeSelect.click();
    await codeSelect.fill(code);
    await page.keyboard.press("Enter");
    await page
      .locator(".faults-filter-card")
      .getByRole("button", { name: /Search$/ })
      .click();
    await page.waitForURL((url) => new URLSearchParams(url.hash.split("?")[1] ?? "").get("code") === code);
    expect(query(page).get("state")).toBe("open");
    await expect
      .poll(async () => new Set(await recordRows(page).locator(".faults-code-link").allInnerTexts()))
      .toEqual(new Set([code]));

    // The code's catalogue entry: its name and the checks to make first.
    await recordRows(page)
      .first()
      .getByRole("button", { name: `Open the catalogue entry of ${code}` })
      .click();
    const drawer = page.getByRole("dialog", { name: `Fault code ${code}` });
    await shows(drawer);
    await shows(drawer.getByText("Suggested checks"));
    expect(await drawer.locator(".faults-check-steps li").count()).toBeGreaterThan(1);
    await drawer.getByRole("button", { name: "Close" }).click();
    await hides(drawer);
  });

  it("searches the fault-code catalogue and opens an entry from it", async () => {
    await enterDistributorCloud(page);
    await page.goto("/#/equipmentCenter/faultanalysis");
    await page.getByRole("tab", { name: "Fault-code catalogue" }).click();
    await page.waitForURL((url) => url.hash.includes("tab=catalogue"));
    await shows(page.getByText("26 codes"));
    await page.getByRole("textbox", { name: "Search code or name" }).fill("pressure sensor");
    await shows(page.getByText("2 codes"));
    await shows(page.getByRole("cell", { name: "High-pressure sensor fault" }));
    await hides(page.getByRole("cell", { name: "Indoor fan motor fault" }));

    await page.getByRole("cell", { name: "Low-pressure sensor fault" }).click();
    const drawer = page.getByRole("dialog", { name: "Fault code E10" });
    await shows(drawer.getByText("Suggested checks"));
    await drawer.getByRole("button", { name: "Show records with this code" }).click();
    await page.waitForURL((url) => new URLSearchParams(url.hash.split("?")[1] ?? "").get("code") === "E10");
    await shows(page.getByRole("tab", { name: "Fault records", selected: true }));
    await expect
      .poll(async () => new Set(await recordRows(page).locator(".faults-code-link").allInnerTexts()))
      .toEqual(new Set(["E10"]));
  });

  it("opens fault analysis for one device from its deviceId and hides the sub-distributor card from a sub-distributor", async () => {
    await signIn(page, "subdistributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await shows(page.getByRole("link", { name: /^Open faults: \d+$/ }));
    await shows(page.getByText("Devices by type"));
    await hides(page.getByText("Sub-distributors", { exact: true }));

    // The newest fault of the sub-distributor's own devices, straight from the database.
    const device = await server.app.services.db
      .selectFrom("faults as f")
      .innerJoin("devices as d", "d.id", "f.device_id")
      .innerJoin("organisations as o", "o.id", "f.organisation_id")
      .where("o.name", "=", "Demo Sub-distributor")
      .select(["d.id", "d.serial_number as serialNumber"])
      .orderBy("f.occurred_at", "desc")
      .executeTakeFirstOrThrow();
    // The parent distributor's device is not the sub-distributor's to see: one clear message and a way out.
    const parentDevice = await server.app.services.db
      .selectFrom("devices as d")
      .innerJoin("organisations as o", "o.id", "d.organisation_id")
      .where("o.name", "=", "Demo Distributor")
      .select("d.id")
      .executeTakeFirstOrThrow();
    await page.goto(`/#/equipmentCenter/faultanalysis?deviceId=${parentDevice.id}`);
    await shows(page.getByText("This link points to something you cannot see"));
    await page.getByRole("button", { name: /Clear filters$/ }).click();
    await page.waitForURL((url) => !url.hash.includes("deviceId"));
    await shows(recordRows(page).first());

    await page.goto(`/#/equipmentCenter/faultanalysis?deviceId=${device.id}`);
    // The preselected device shows by its serial number, and only its faults are listed.
    await shows(page.locator(".faults-filter-card").getByText(new RegExp(`^${device.serialNumber} · `)));
    await expect
      .poll(async () => new Set(await recordRows(page).locator("a.faults-mono").allInnerTexts()))
      .toEqual(new Set([device.serialNumber]));
  });
});
