import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, openUserMenu, sidebar, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let page: Page;
let server: E2eServer;

useE2eSuite((state) => {
  ({ page, server } = state);
});

const text = (key: string, values?: Record<string, string | number>) => ui("en", `projects:${key}`, values);

/** A button's name, with or without the label of its icon in front ("edit Edit"). */
const withIcon = (label: string) => new RegExp(`^(?:\\S+\\s)?${label}$`);

async function enterDistributorCloud(email: string) {
  await signIn(page, email);
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

async function openProjectList() {
  const side = sidebar(page);
  const item = side.getByRole("menuitem", { name: "Project List" });
  // The group is already open on its own pages; a click would fold it.
  if (!(await item.isVisible())) await side.getByRole("menuitem", { name: "Projects" }).click();
  await item.click();
  await waitForRoute(page, "/projectMangement/ProjectList");
}

/** Picks an option of an antd select found by its label. */
async function choose(label: string, option: string) {
  await page.locator(".project-form-card").getByLabel(label, { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
}

async function searchList(keyword: string) {
  const search = page.getByPlaceholder(text("placeholders.keyword"));
  await search.fill(keyword);
  await search.press("Enter");
}

/** Creates a project through the form and returns its id, read from the detail page's address. */
async function createProject(name: string): Promise<{ id: number; code: string }> {
  await page
    .getByRole("button", { name: text("list.create") })
    .first()
    .click();
  await waitForRoute(page, "/projectMangement/projectWriteIn");
  const form = page.locator(".project-form-card");
  await shows(form.getByText(text("form.createTitle")));
  await form.getByLabel(text("fields.name")).fill(name);
  await form.getByLabel(text("fields.contactPerson")).fill("Anna Schmidt");
  await form.getByLabel(text("fields.contactPhone")).fill("+49 30 1234 5678");
  await choose(text("fields.country"), "Germany");
  await choose(text("fields.city"), "Berlin");
  await form.getByLabel(text("fields.address")).fill("Friedrichstraße 100");
  // A click on the map sets the position (no tile server here: the plain grid).
  await form.locator(".project-location-map").click({ position: { x: 420, y: 140 } });
  await expect.poll(() => form.getByLabel(text("fields.latitude")).inputValue()).not.toBe("");
  await form.getByRole("button", { name: text("form.save") }).click();
  await waitForRoute(page, "/projectMangement/projectDetail");
  await shows(page.getByRole("heading", { name }));
  const id = Number(new URL(page.url().replace("#/", "")).searchParams.get("id"));
  const code = (await page.locator(".project-detail-header .ant-tag").first().textContent()) ?? "";
  expect(code).toMatch(/^P\d{8,}$/);
  return { id, code };
}

describe("projects as the demo distributor", () => {
  it("creates a project, finds it in the list and on the map, whose popup leads to the details", async () => {
    await enterDistributorCloud("distributor@example.com");
    await openProjectList();
    await shows(page.getByText("46 projects").first());
    await shows(page.getByRole("cell", { name: "Demo Sub-distributor" }).first());

    const { id, code } = await createProject("Spree Riverside Campus");
    await hides(page.getByText(text("detail.noPosition")));
    await shows(page.getByText("Friedrichstraße 100, Berlin, Germany"));

    await openProjectList();
    await shows(page.getByText("47 projects").first());
    await searchList("Spree Riverside");
    await shows(page.getByText("1 projects").first());
    const row = page.locator(".ant-table-row").filter({ hasText: "Spree Riverside Campus" });
    await shows(row);
    await shows(row.getByText(code));
    await shows(row.getByText("Berlin"));
    const download = page.waitForEvent("download");
    await page.getByRole("button", { name: withIcon(text("list.export")) }).click();
    expect((await download).suggestedFilename()).toMatch(/^projects-\d{8}-\d{4}\.xlsx$/);

    await sidebar(page).getByRole("menuitem", { name: "Project Map" }).click();
    await waitForRoute(page, "/projectMangement/projectMap");
    const header = page.locator(".project-map-header");
    await shows(header.getByText("47", { exact: true }));
    const mapSearch = header.getByPlaceholder(text("placeholders.keyword"));
    await mapSearch.fill("Spree Riverside");
    await mapSearch.press("Enter");
    await shows(header.getByText("1", { exact: true }));
    // A single project is a circle on the map's canvas, with no element of its own: once the
    // view fits the one point left, it sits in the middle of the map. The click is repeated
    // until the popup opens, as the first may land while the view still glides there.
    const map = page.locator(".project-cluster-map");
    await expect.poll(() => map.getAttribute("data-markers")).toBe("1");
    const popup = page.locator(".leaflet-popup");
    await expect
      .poll(async () => {
        await map.click();
        return popup.isVisible();
      })
      .toBe(true);
    // The popup fetches the project's name, code and device counts when it opens.
    await shows(popup.getByText("Spree Riverside Campus"));
    await shows(popup.getByText(code));
    await shows(popup.getByText(text("map.popupNormal")));
    await popup.getByRole("button", { name: text("map.details") }).click();
    await page.waitForURL((url) => url.hash === `#/projectMangement/projectDetail?id=${id}`);
    await shows(page.getByRole("heading", { name: "Spree Riverside Campus" }));
  });

  it("asks before unsaved edits are lost: stay, leave without saving, or save from the tab's close", async () => {
    await enterDistributorCloud("distributor@example.com");
    await openProjectList();
    const { id } = await createProject("Alexanderplatz Tower");

    await page.getByRole("button", { name: withIcon(text("detail.edit")) }).click();
    await waitForRoute(page, "/projectMangement/projectWriteIn");
    const name = page.locator(".project-form-card").getByLabel(text("fields.name"));
    await expect.poll(() => name.inputValue()).toBe("Alexanderplatz Tower");
    await name.fill("Alexanderplatz Tower East");

    const dialog = page.getByRole("dialog", { name: text("leave.title") });
    await sidebar(page).getByRole("menuitem", { name: "Project List" }).click();
    await shows(dialog);
    await dialog.getByRole("button", { name: text("leave.stay") }).click();
    await hides(dialog);
    await waitForRoute(page, "/projectMangement/projectWriteIn");
    expect(await name.inputValue()).toBe("Alexanderplatz Tower East");

    await sidebar(page).getByRole("menuitem", { name: "Project List" }).click();
    await shows(dialog);
    await dialog.getByRole("button", { name: text("leave.discard") }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");
    await searchList("Alexanderplatz");
    await shows(page.locator(".ant-table-row").filter({ hasText: "Alexanderplatz Tower" }));
    await hides(page.getByText("Alexanderplatz Tower East"));

    // Edit again, then close the page's tab: the same question; saving goes on with the close.
    await page.goto(`/#/projectMangement/projectDetail?id=${id}`);
    await page.getByRole("button", { name: withIcon(text("detail.edit")) }).click();
    await expect.poll(() => name.inputValue()).toBe("Alexanderplatz Tower");
    await name.fill("Alexanderplatz Tower West");
    await page.getByRole("button", { name: "Close Edit Project" }).click();
    await shows(dialog);
    await dialog.getByRole("button", { name: text("leave.save") }).click();
    await hides(dialog);
    await hides(page.getByRole("button", { name: "Close Edit Project" }));
    await page.goto(`/#/projectMangement/projectDetail?id=${id}`);
    await shows(page.getByRole("heading", { name: "Alexanderplatz Tower West" }));

    // Closing or reloading the browser tab with unsaved edits: the browser's own question.
    await page.getByRole("button", { name: withIcon(text("detail.edit")) }).click();
    await expect.poll(() => name.inputValue()).toBe("Alexanderplatz Tower West");
    await name.fill("Alexanderplatz Tower North");
    const question = page.waitForEvent("dialog");
    await page.close({ runBeforeUnload: true });
    const unload = await question;
    expect(unload.type()).toBe("beforeunload");
    // Answering "leave" closes the tab. (Dismissing it and then closing the context has crashed
    // headless Chromium; staying on the page is what the in-app dialog above already shows.)
    const closed = page.waitForEvent("close");
    await unload.accept();
    await closed;
    expect(page.isClosed()).toBe(true);
  });

  it("deletes a project without devices after confirmation, and refuses one with devices", async () => {
    await enterDistributorCloud("distributor@example.com");
    await openProjectList();
    await createProject("Temporary Site Office");

    await page.getByRole("button", { name: withIcon(text("detail.delete")) }).click();
    const confirm = page.getByRole("dialog").filter({ hasText: text("detail.deleteContent") });
    await shows(confirm);
    await confirm.getByRole("button", { name: text("detail.deleteConfirm") }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");
    await searchList("Temporary Site");
    await shows(page.getByText(text("list.emptyFiltered")));

    await page.goto("/#/projectMangement/projectDetail?id=1");
    await shows(page.locator(".project-detail-header"));
    await page.getByRole("button", { name: withIcon(text("detail.delete")) }).click();
    const refused = page.getByRole("dialog").filter({ hasText: text("detail.deleteFailed") });
    await shows(refused);
    await shows(refused.getByText(/still has \d+ devices/));
  });

  it("says so in a marker's popup when its project is gone meanwhile, and offers to try again", async () => {
    // Written straight into the database: this test is about the map, not the form.
    const db = server.app.services.db;
    const owner = await db
      .selectFrom("organisations")
      .where("name", "=", "Demo Distributor")
      .select("id")
      .executeTakeFirstOrThrow();
    const { id } = await db
      .insertInto("projects")
      .values({
        organisation_id: owner.id,
        code: "PPOPUP0001",
        name: "Popup Probe Hall",
        contact_person: "Anna Schmidt",
        contact_phone: "+49 30 1234 5678",
        latitude: 48.137,
        longitude: 11.575,
      })
      .returning("id")
      .executeTakeFirstOrThrow();

    await enterDistributorCloud("distributor@example.com");
    const mapItem = sidebar(page).getByRole("menuitem", { name: "Project Map" });
    if (!(await mapItem.isVisible())) await sidebar(page).getByRole("menuitem", { name: "Projects" }).click();
    await mapItem.click();
    await waitForRoute(page, "/projectMangement/projectMap");
    const search = page.locator(".project-map-header").getByPlaceholder(text("placeholders.keyword"));
    await search.fill("Popup Probe");
    await search.press("Enter");
    const map = page.locator(".project-cluster-map");
    await expect.poll(() => map.getAttribute("data-markers")).toBe("1");

    // Deleted by someone else while the map still shows it: the popup's own request finds nothing.
    await db.deleteFrom("projects").where("id", "=", id).execute();
    const popup = page.locator(".leaflet-popup");
    // The one point is in the middle once the view fits it (see the first test).
    await expect
      .poll(async () => {
        await map.click();
        return popup.isVisible();
      })
      .toBe(true);
    await shows(popup.getByText(text("map.popupFailed")));
    await shows(popup.getByText(ui("en", "errors:notFound")));
    await popup.getByRole("button", { name: ui("en", "actions.retry") }).click();
    await shows(popup.getByText(text("map.popupFailed")));
    await hides(popup.getByText("Popup Probe Hall"));
  });
});

describe("projects as the demo sub-distributor", () => {
  it("offers no sub-distributor management and lists only its own ten projects", async () => {
    await enterDistributorCloud("subdistributor@example.com");
    await openProjectList();
    const menu = await openUserMenu(page);
    await shows(menu.getByRole("menuitem", { name: "Change password" }));
    await hides(menu.getByRole("menuitem", { name: "Sub-distributor management" }));
    await page.keyboard.press("Escape");
    await hides(sidebar(page).getByText("Sub-distributor Management"));

    await shows(page.getByText("10 projects").first());
    await shows(page.locator(".ant-table-row").first());
    expect(await page.locator(".ant-table-row").count()).toBe(10);
    await hides(page.getByRole("cell", { name: "Demo Distributor", exact: true }));
    await hides(page.getByRole("columnheader", { name: text("fields.organisation") }));
    await hides(page.getByText(/^P2026\d{4}$/).first());
  });
});
