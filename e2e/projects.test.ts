import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, openFromSidebar, openUserMenu, sidebar, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer, StartServerOptions } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let page: Page;
let server: E2eServer;

/**
 * The deployment's geocoder (GEOCODER_URL): a Nominatim-compatible stand-in on a local port that
 * knows one address and keeps the questions it was asked. Started before the portal, which is
 * given its address.
 */
const FRIEDRICHSTRASSE = {
  display_name: "Friedrichstraße 100, Mitte, Berlin, 10117, Deutschland",
  lat: "52.5208",
  lon: "13.3883",
  boundingbox: ["52.5207", "52.5209", "13.3882", "13.3884"],
};
const geocoderQuestions: URL[] = [];
const geocoder = createServer((request, response) => {
  const url = new URL(request.url ?? "/", "http://geocoder.test");
  geocoderQuestions.push(url);
  const found = url.searchParams.get("q")?.startsWith("Friedrichstraße") ? [FRIEDRICHSTRASSE] : [];
  response.writeHead(200, { "content-type": "application/json" }).end(JSON.stringify(found));
});
const serverOptions: StartServerOptions = {};
beforeAll(async () => {
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  serverOptions.geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}`;
});
afterAll(() => new Promise((resolve) => geocoder.close(resolve)));

useE2eSuite((state) => {
  ({ page, server } = state);
}, serverOptions);

const text = (key: string, values?: Record<string, string | number>) => ui("en", `projects:${key}`, values);

/** A button's name, with or without the label of its icon in front ("edit Edit"). */
const withIcon = (label: string) => new RegExp(`^(?:\\S+\\s)?${label}$`);

async function enterDistributorCloud(email: string) {
  await signIn(page, email);
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
}

const openProjectList = () => openFromSidebar(page, "Projects", "Project List", "/projectMangement/ProjectList");

/** Picks an option of an antd select found by its label. */
async function choose(label: string, option: string) {
  await page.locator(".project-form-card").getByLabel(label, { exact: true }).click();
  await page.locator(".ant-select-dropdown:visible").getByTitle(option, { exact: true }).click();
}

// ---------------------------------------------------------------------------
// The drawn world (no MAP_TILE_URL here): what a map's tiles show at a point of the page.

type Rgba = [number, number, number, number];
const near = (pixel: Rgba, [r, g, b]: readonly number[], tolerance: number) =>
  Math.abs(pixel[0] - (r as number)) <= tolerance &&
  Math.abs(pixel[1] - (g as number)) <= tolerance &&
  Math.abs(pixel[2] - (b as number)) <= tolerance;
/** The drawn world's colours (GEOGRAPHY_COLOURS in the web app). */
const isLand = (pixel: Rgba) => near(pixel, [247, 246, 241], 6);
const isSea = (pixel: Rgba) => near(pixel, [212, 230, 238], 8);
/** A border's brown over land: redder than blue, darker than land (land and sea are neither). */
const isBorder = (pixel: Rgba) => pixel[0] - pixel[2] >= 14 && pixel[0] + pixel[1] + pixel[2] <= 700;

/**
 * The colour of the map's tiles at a point of the page, read from the tile canvases of the
 * current zoom level: markers, popups and controls are not in them. Null while no tile is there.
 */
const tilePixel = (map: Locator, x: number, y: number): Promise<Rgba | null> =>
  map.evaluate(
    (element, [px, py]) => {
      for (const tile of element.querySelectorAll<HTMLCanvasElement>("canvas.leaflet-tile-loaded")) {
        const rect = tile.getBoundingClientRect();
        // A tile of the level before, scaled while the new level loads, is not the one to read.
        if (Math.abs(rect.width - 256) > 0.5) continue;
        if (px < rect.left || px >= rect.right || py < rect.top || py >= rect.bottom) continue;
        const context = tile.getContext("2d");
        if (!context) return null;
        const scale = tile.width / rect.width;
        const data = context.getImageData(
          Math.floor((px - rect.left) * scale),
          Math.floor((py - rect.top) * scale),
          1,
          1,
        ).data;
        return [data[0] ?? 0, data[1] ?? 0, data[2] ?? 0, data[3] ?? 0] as Rgba;
      }
      return null;
    },
    [x, y] as const,
  );

/** Web Mercator pixels at a zoom level, as Leaflet places things. */
const mercator = (lat: number, lng: number, zoom: number) => {
  const sin = Math.sin((lat * Math.PI) / 180);
  const size = 256 * 2 ** zoom;
  return { x: ((lng + 180) / 360) * size, y: (0.5 - Math.log((1 + sin) / (1 - sin)) / (4 * Math.PI)) * size };
};

/** Where a place is on the page in a map of `box` showing `centre` at `zoom`. */
const onScreen = (
  box: { x: number; y: number; width: number; height: number },
  centre: { latitude: number; longitude: number },
  zoom: number,
  [lat, lng]: readonly [number, number],
) => {
  const middle = mercator(centre.latitude, centre.longitude, zoom);
  const place = mercator(lat, lng, zoom);
  return { x: box.x + box.width / 2 + place.x - middle.x, y: box.y + box.height / 2 + place.y - middle.y };
};

/** A region's map view as the reference data gives it (the form's region selects move the map there). */
async function regionCentre(code: string) {
  const row = await server.app.services.db
    .selectFrom("regions")
    .where("code", "=", code)
    .where("language_id", "=", 1)
    .select(["latitude", "longitude", "zoom"])
    .executeTakeFirstOrThrow();
  return { latitude: Number(row.latitude), longitude: Number(row.longitude), zoom: Number(row.zoom) };
}

async function searchList(keyword: string) {
  const search = page.getByPlaceholder(text("placeholders.keyword"));
  await search.fill(keyword);
  await search.press("Enter");
}

/** Creates a project through the form and returns its id, read from the detail page's address. */
async function createProject(name: string, contactPerson = "Anna Schmidt"): Promise<{ id: number; code: string }> {
  await page
    .getByRole("button", { name: text("list.create") })
    .first()
    .click();
  await waitForRoute(page, "/projectMangement/projectWriteIn");
  const form = page.locator(".project-form-card");
  await shows(form.getByText(text("form.createTitle")));
  await form.getByLabel(text("fields.name")).fill(name);
  await form.getByLabel(text("fields.contactPerson")).fill(contactPerson);
  await form.getByLabel(text("fields.contactPhone")).fill("+49 30 1234 5678");
  await choose(text("fields.country"), "Germany");
  await choose(text("fields.city"), "Berlin");
  await form.getByLabel(text("fields.address"), { exact: true }).fill("Friedrichstraße 100");
  // Choosing the city brought the map to Berlin: a click in its middle sets a position there.
  // Repeated until the map has finished gliding there (a click also stops it moving on its own).
  const picker = form.locator(".project-location-map");
  const berlin = await regionCentre("DE-BER");
  const latitude = form.getByLabel(text("fields.latitude"));
  const longitude = form.getByLabel(text("fields.longitude"));
  await expect
    .poll(async () => {
      await picker.click();
      return Math.abs(Number(await latitude.inputValue()) - berlin.latitude);
    })
    .toBeLessThan(0.05);
  expect(Math.abs(Number(await longitude.inputValue()) - berlin.longitude)).toBeLessThan(0.05);
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

    // A name with an apostrophe and an accent is a name like any other.
    const { id, code } = await createProject("Spree Riverside Campus", "Seán O'Brien");
    await shows(page.getByText("Seán O'Brien", { exact: true }));
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
    // Under the marker, in Berlin: land, drawn from the finer outlines at this zoom.
    await expect.poll(() => map.getAttribute("data-geography")).toBe("50m");
    const mapBox = await map.boundingBox();
    if (!mapBox) throw new Error("the map has no size");
    await expect
      .poll(async () => {
        const pixel = await tilePixel(map, mapBox.x + mapBox.width / 2, mapBox.y + mapBox.height / 2);
        return pixel !== null && isLand(pixel);
      })
      .toBe(true);
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

  it("draws land, sea, coasts and borders without a tile server, where the chosen country is", async () => {
    await enterDistributorCloud("distributor@example.com");
    await openProjectList();
    await page
      .getByRole("button", { name: text("list.create") })
      .first()
      .click();
    await waitForRoute(page, "/projectMangement/projectWriteIn");
    const picker = page.locator(".project-location-map");
    await shows(picker);
    // The whole world at first, from the coarse outlines.
    await expect.poll(() => picker.getAttribute("data-geography")).toBe("110m");
    await choose(text("fields.country"), "Germany");
    // The finer outlines are fetched and drawn on demand: seconds on a busy machine.
    await expect.poll(() => picker.getAttribute("data-geography"), { timeout: 15_000 }).toBe("50m");
    await picker.scrollIntoViewIfNeeded();
    const box = await picker.boundingBox();
    if (!box) throw new Error("the location picker has no size");
    const germany = await regionCentre("DE");
    const at = (place: readonly [number, number]) => onScreen(box, germany, germany.zoom, place);
    const pixelAt = (place: readonly [number, number]) => {
      const { x, y } = at(place);
      return tilePixel(picker, x, y);
    };
    // Berlin is land and the North Sea is sea, once the map has come to Germany and drawn it.
    await expect
      .poll(async () => {
        const [land, sea] = [await pixelAt([52.52, 13.4]), await pixelAt([54.2, 4.2])];
        return land !== null && sea !== null && isLand(land) && isSea(sea);
      })
      .toBe(true);
    // Going east from Berlin along 52.5°N, the line crosses the border with Poland (on the Oder).
    const eastward: Rgba[] = [];
    const [from, to] = [at([52.5, 13.9]), at([52.5, 15.3])];
    for (let x = Math.round(from.x); x <= Math.round(to.x); x++) {
      const pixel = await tilePixel(picker, x, from.y);
      if (pixel) eastward.push(pixel);
    }
    expect(eastward.length).toBeGreaterThan(20);
    expect(isLand(eastward[0] as Rgba) && isLand(eastward.at(-1) as Rgba)).toBe(true);
    expect(eastward.some(isBorder), JSON.stringify(eastward)).toBe(true);
    // Inland all the way: no sea on that line.
    expect(eastward.some(isSea)).toBe(false);
  });

  it("lists projects at one address in one marker's popup, each opening its details, and follows the search box", async () => {
    // Written straight into the database: one building, two projects.
    const db = server.app.services.db;
    const owner = await db
      .selectFrom("organisations")
      .where("name", "=", "Demo Distributor")
      .select("id")
      .executeTakeFirstOrThrow();
    const [office, lab] = await db
      .insertInto("projects")
      .values(
        ["Elbe Twin Office", "Elbe Twin Lab"].map((name, i) => ({
          organisation_id: owner.id,
          code: `PTWIN000${i + 1}`,
          name,
          contact_person: "Anna Schmidt",
          contact_phone: "+49 40 1234 5678",
          address: "Am Sandtorkai 1",
          latitude: 53.5437,
          longitude: 9.9885,
        })),
      )
      .returning("id")
      .execute();
    if (!office || !lab) throw new Error("the projects were not written");

    await enterDistributorCloud("distributor@example.com");
    const openMap = () => openFromSidebar(page, "Projects", "Project Map", "/projectMangement/projectMap");
    await openMap();
    const header = page.locator(".project-map-header");
    const search = header.getByPlaceholder(text("placeholders.keyword"));
    const projectsShown = header.locator(".ant-statistic").first().locator(".ant-statistic-content-value");
    const map = page.locator(".project-cluster-map");
    const popup = page.locator(".leaflet-popup");

    /** Types the search (no Enter: the map follows the box) and opens the one marker's list. */
    const openThePlace = async () => {
      await search.fill("Elbe Twin");
      await expect.poll(() => projectsShown.textContent()).toBe("2");
      await expect.poll(() => map.getAttribute("data-markers")).toBe("1");
      // Both at one spot: one marker in the middle of the view, whose click lists them.
      await expect
        .poll(async () => {
          await map.click();
          return popup.locator(".project-place-list").isVisible();
        })
        .toBe(true);
      await shows(popup.getByText(text("map.placeTitle", { count: 2 })));
      await shows(popup.getByRole("button", { name: /Elbe Twin Office/ }));
      await shows(popup.getByRole("button", { name: /Elbe Twin Lab/ }));
    };

    await openThePlace();
    await popup.getByRole("button", { name: /Elbe Twin Lab/ }).click();
    await page.waitForURL((url) => url.hash === `#/projectMangement/projectDetail?id=${lab.id}`);
    await shows(page.getByRole("heading", { name: "Elbe Twin Lab" }));

    await openMap();
    // Emptying the box shows every project again, without Enter.
    await search.fill("");
    await expect.poll(async () => Number(await projectsShown.textContent())).toBeGreaterThan(2);
    await openThePlace();
    await popup.getByRole("button", { name: /Elbe Twin Office/ }).click();
    await page.waitForURL((url) => url.hash === `#/projectMangement/projectDetail?id=${office.id}`);
    await shows(page.getByRole("heading", { name: "Elbe Twin Office" }));
  });

  it("finds an address through the deployment's geocoder and sets the location from it", async () => {
    await enterDistributorCloud("distributor@example.com");
    await openProjectList();
    await page
      .getByRole("button", { name: text("list.create") })
      .first()
      .click();
    await waitForRoute(page, "/projectMangement/projectWriteIn");
    const form = page.locator(".project-form-card");
    await choose(text("fields.country"), "Germany");
    const placeSearch = form.getByLabel(text("form.placeSearch"), { exact: true });
    await placeSearch.fill("Nowhere Street 1");
    await placeSearch.press("Enter");
    await shows(form.getByText(text("form.placeNone", { query: "Nowhere Street 1" })));
    // Enter searched; it did not submit the form as well (nothing is filled in yet).
    expect(await form.getByText(text("validation.required")).count()).toBe(0);

    await placeSearch.fill("Friedrichstraße 100");
    await placeSearch.press("Enter");
    const found = form.getByRole("list", { name: text("form.placeResults") });
    await found.getByRole("button", { name: FRIEDRICHSTRASSE.display_name }).click();
    await hides(found);
    await expect.poll(() => form.getByLabel(text("fields.latitude")).inputValue()).toBe("52.520800");
    expect(await form.getByLabel(text("fields.longitude")).inputValue()).toBe("13.388300");
    // The portal asked in the user's language, within the chosen country.
    const asked = geocoderQuestions.at(-1);
    expect(asked?.pathname).toBe("/search");
    expect(asked?.searchParams.get("q")).toBe("Friedrichstraße 100");
    expect(asked?.searchParams.get("countrycodes")).toBe("de");
    expect(asked?.searchParams.get("accept-language")).toBe("en");
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
    await page.locator(".project-form-card").getByLabel(text("fields.contactPerson")).fill("Li Si (edited)");
    await page.getByRole("button", { name: "Close Edit Project" }).click();
    await shows(dialog);
    await dialog.getByRole("button", { name: text("leave.save") }).click();
    await hides(dialog);
    await hides(page.getByRole("button", { name: "Close Edit Project" }));
    await page.goto(`/#/projectMangement/projectDetail?id=${id}`);
    await shows(page.getByRole("heading", { name: "Alexanderplatz Tower West" }));
    await shows(page.getByText("Li Si (edited)", { exact: true }));

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
