import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, describe, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  enterModule,
  keepEvidenceOfFailure,
  launchBrowser,
  openPage,
  openUserMenu,
  signIn,
  waitForRoute,
} from "./harness/browser.ts";
import { type E2eServer, startServer } from "./harness/start-server.ts";

let server: E2eServer;
let browser: Browser;
const contexts: BrowserContext[] = [];
let current: Page | undefined;

beforeAll(async () => {
  server = await startServer();
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
  await server?.close();
});
afterEach(async (ctx) => {
  await keepEvidenceOfFailure(ctx, current);
  for (const context of contexts.splice(0)) await context.close();
});

/** A new browser (own storage) signed in to Distributor Cloud as `email`, on sub-distributor management. */
async function openManagementAs(email: string): Promise<Page> {
  const { context, page } = await openPage(browser, server.baseUrl);
  contexts.push(context);
  current = page;
  await signIn(page, email);
  await enterModule(page, "distributor");
  await waitForRoute(page, "/agency");
  const menu = await openUserMenu(page);
  await menu.getByRole("menuitem", { name: "Sub-distributor management" }).click();
  await waitForRoute(page, "/platformCenter/distributorManagement");
  return page;
}

const rowOf = (page: Page, email: string) => page.getByRole("row").filter({ hasText: email });

/** Waits for the confirmation box titled `title` and answers it with its OK button. */
async function confirm(page: Page, title: string, okText: string): Promise<void> {
  const dialog = page.getByRole("dialog", { name: title });
  await shows(dialog);
  await dialog.getByRole("button", { name: okText }).click();
  await hides(dialog);
}

describe("sub-distributor management", () => {
  it("adds and submits a sub-distributor, the invitee accepts, then the distributor releases it", async () => {
    const distributor = await openManagementAs("distributor@example.com");
    await distributor.getByRole("button", { name: "Add sub-distributor" }).first().click();
    const dialog = distributor.getByRole("dialog", { name: "Add sub-distributor" });
    await dialog.getByLabel("Account e-mail").fill("sub-lisbon@example.com");
    await dialog.getByLabel("Note").fill("Portugal, all regions");
    await dialog.getByRole("button", { name: "Add sub-distributor" }).click();
    await hides(dialog);
    const lisbon = rowOf(distributor, "sub-lisbon@example.com");
    await shows(lisbon.getByText("Added, not submitted"));
    await shows(lisbon.getByText("Portugal, all regions"));
    await shows(lisbon.getByText("Lisbon Climate Distribution"));

    await lisbon.getByRole("button", { name: "Submit for review" }).click();
    await confirm(distributor, "Submit for review?", "Confirm");
    await shows(lisbon.getByText("Under review"));
    await hides(lisbon.getByRole("button", { name: "Submit for review" }));

    const invitee = await openManagementAs("sub-lisbon@example.com");
    await shows(invitee.getByText("You have 1 invitation to become a sub-distributor waiting for your answer."));
    await invitee.getByRole("button", { name: "View invitations" }).click();
    await shows(invitee.getByText("Demo Distributor invites you to become its sub-distributor"));
    await shows(invitee.getByText("Portugal, all regions"));
    await invitee.getByRole("button", { name: "Accept" }).click();
    await confirm(invitee, "Accept the invitation of Demo Distributor?", "Accept");
    const accepted = invitee.getByRole("dialog", { name: "You are now a sub-distributor of Demo Distributor" });
    await accepted.getByRole("button", { name: "Continue" }).click();
    await waitForRoute(invitee, "/agency");
    // The reloaded menu is a sub-distributor's: no sub-distributor management any more.
    const menu = await openUserMenu(invitee);
    await shows(menu.getByRole("menuitem", { name: "Change password" }));
    await hides(menu.getByRole("menuitem", { name: "Sub-distributor management" }));

    current = distributor;
    await distributor.getByRole("button", { name: "Refresh" }).click();
    await shows(lisbon.getByText("Associated"));
    await lisbon.getByRole("button", { name: "Release" }).click();
    await confirm(distributor, "Release this sub-distributor?", "Confirm");
    await shows(lisbon.getByText("Released"));
    await shows(lisbon.getByRole("button", { name: "Invite again" }));

    await lisbon.getByRole("button", { name: "History" }).click();
    const history = distributor.getByRole("dialog", { name: "History" });
    const steps = history.getByRole("list");
    for (const step of ["Added", "Submitted for review", "Accepted: associated", "Released"]) {
      await shows(steps.getByText(step, { exact: true }));
    }
    await shows(steps.getByText("by Lisbon Climate Distribution (sub-lisbon@example.com)"));
  });

  it("the invitee returns an invitation with a reason, and the distributor reads it", async () => {
    const invitee = await openManagementAs("sub-paris@example.com");
    await invitee.getByRole("tab", { name: /Invitations/ }).click();
    await shows(invitee.getByText("Demo Distributor invites you to become its sub-distributor"));
    await invitee.getByRole("button", { name: "Return" }).click();
    const dialog = invitee.getByRole("dialog", { name: "Return the invitation" });
    await dialog.getByRole("button", { name: "Return" }).click();
    await shows(dialog.getByText("Enter a reason"));
    await dialog.getByLabel("Reason").fill("Our team covers Lyon only.");
    await dialog.getByRole("button", { name: "Return" }).click();
    await hides(dialog);
    await shows(invitee.getByText("No invitations"));

    const distributor = await openManagementAs("distributor@example.com");
    // ?status= preselects the filter (the agency dashboard links here that way).
    await distributor.goto(`${server.baseUrl}/#/platformCenter/distributorManagement?status=4`);
    const paris = rowOf(distributor, "sub-paris@example.com");
    await shows(paris.getByText("Returned"));
    await shows(paris.getByText("Our team covers Lyon only."));
    await shows(rowOf(distributor, "sub-madrid@example.com"));
    await hides(rowOf(distributor, "sub-berlin@example.com"));
  });
});
