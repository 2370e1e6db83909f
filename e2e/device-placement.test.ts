import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, signIn, ui, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let page: Page;
let server: E2eServer;

useE2eSuite((state) => {
  ({ page, server } = state);
});

const placement = (key: string, values?: Record<string, string | number>) =>
  ui("en", `common:devicePlacement.${key}`, values);
const projects = (key: string, values?: Record<string, string | number>) => ui("en", `projects:${key}`, values);

/** A button's name, with or without the label of its icon in front ("swap Move to project"). */
const withIcon = (label: string) => new RegExp(`^(?:\\S+\\s)?${label}$`);

/**
 * A project of the demo distributor holding one Hi-MIT and one Hi-Dom of its own, put there the
 * way the portal moves devices (the service behind "Move to project").
 */
async function projectWithTwoDevices() {
  const { db, devices } = server.app.services;
  const owner = await db
    .selectFrom("organisations")
    .where("name", "=", "Demo Distributor")
    .select("id")
    .executeTakeFirstOrThrow();
  const project = await db
    .insertInto("projects")
    .values({
      organisation_id: owner.id,
      code: "PMOVE0001",
      name: "Harbour Depot",
      contact_person: "Anna Schmidt",
      contact_phone: "+49 30 1234 5678",
    })
    .returning(["id", "code", "name"])
    .executeTakeFirstOrThrow();
  const pick = (kind: "himit" | "hidom") =>
    db
      .selectFrom("devices")
      .where("organisation_id", "=", owner.id)
      .where("kind", "=", kind)
      .select(["id", "device_code", "alias", "project_id"])
      .orderBy("id")
      .executeTakeFirstOrThrow();
  const [himit, hidom] = [await pick("himit"), await pick("hidom")];
  const scope = { accountId: 0, organisationId: owner.id, organisationIds: [owner.id], roleNum: 1 };
  await devices.moveController(scope, { id: himit.id, kind: "himit", projectId: project.id });
  await devices.moveController(scope, { id: hidom.id, kind: "hidom", projectId: project.id });
  const home = await db
    .selectFrom("projects")
    .where("id", "=", himit.project_id as number)
    .select(["id", "code", "name"])
    .executeTakeFirstOrThrow();
  return { project, himit, hidom, home };
}

describe("emptying a project", () => {
  it("moves one device away, removes the other after confirming, then deletes the empty project", async () => {
    const { project, himit, hidom, home } = await projectWithTwoDevices();
    const himitName = himit.alias || himit.device_code;
    const hidomName = hidom.alias || hidom.device_code;
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");

    // SPEC's devicedetails/:id knows the device by its id alone and opens its kind's page.
    await page.goto(`/#/equipmentCenter/devicedetails/${himit.id}`);
    await waitForRoute(page, "/equipmentCenter/HiMitDeviceDetails");
    const detail = page.locator(".devices-detail-card");
    await shows(detail.getByRole("link", { name: project.name }));

    await detail.getByRole("button", { name: withIcon(placement("move")) }).click();
    const dialog = page.getByRole("dialog", { name: placement("moveTitle", { device: himitName }) });
    await shows(dialog);
    await shows(dialog.getByText(`${project.name} (${project.code})`));
    const moveOk = dialog.getByRole("button", { name: placement("moveOk") });
    // The options are searched on the server as the name is typed: an option clicked while the
    // answer to an earlier keystroke replaces the list may not take, so choose until it has.
    await expect
      .poll(
        async () => {
          await dialog.getByLabel(placement("targetProject")).fill(home.name);
          await page
            .locator(".ant-select-dropdown:visible .ant-select-item-option")
            .filter({ hasText: `${home.name} (${home.code})` })
            .click();
          return moveOk.isEnabled();
        },
        { timeout: 30_000 },
      )
      .toBe(true);
    await moveOk.click();
    await shows(page.getByText(placement("moved", { device: himitName, project: `${home.name} (${home.code})` })));
    await hides(dialog);
    await shows(detail.getByRole("link", { name: home.name }));

    // The project now holds the Hi-Dom only; it is removed from the project's device tab.
    await page.goto(`/#/projectMangement/projectDetail?id=${project.id}`);
    await shows(page.getByRole("heading", { name: project.name }));
    await shows(page.getByRole("tab", { name: `${projects("detail.tabs.devices")} (1)` }));
    const row = page.locator(".ant-table-row").filter({ hasText: hidom.device_code });
    await shows(row);
    await hides(page.locator(".ant-table-row").filter({ hasText: himit.device_code }));
    await row.getByRole("button", { name: placement("remove") }).click();
    const confirm = page.getByRole("dialog", { name: placement("removeTitle", { device: hidomName }) });
    await shows(confirm.getByText(placement("removeContent")));
    await confirm.getByRole("button", { name: placement("removeOk") }).click();
    await shows(page.getByText(placement("removed", { device: hidomName })));
    await shows(page.getByRole("tab", { name: `${projects("detail.tabs.devices")} (0)` }));
    await shows(page.getByText(projects("detail.devicesEmpty")));

    // Empty now: the project can be deleted, as its refusal message promised.
    await page.getByRole("button", { name: withIcon(projects("detail.delete")) }).click();
    const deletion = page.getByRole("dialog").filter({ hasText: projects("detail.deleteContent") });
    await shows(deletion);
    await deletion.getByRole("button", { name: projects("detail.deleteConfirm") }).click();
    await waitForRoute(page, "/projectMangement/ProjectList");

    const db = server.app.services.db;
    expect(
      await db.selectFrom("projects").where("id", "=", project.id).select("id").executeTakeFirst(),
    ).toBeUndefined();
    expect(await db.selectFrom("devices").where("id", "=", hidom.id).select("id").executeTakeFirst()).toBeUndefined();
    const moved = await db
      .selectFrom("devices")
      .where("id", "=", himit.id)
      .select("project_id")
      .executeTakeFirstOrThrow();
    expect(moved.project_id).toBe(home.id);
  });
});
