import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows, titleIs } from "./harness/assert.ts";
import { enterModule, openUserMenu, sidebar, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

describe("registration", () => {
  it("registers with an e-mail code, a password, the agreement and a profile, then works in a module", async () => {
    const email = "new.engineer@example.com";
    const password = "Welcome2026";

    await page.goto("/#/register");
    await shows(page.getByRole("heading", { name: "Create your account" }));
    await page.getByLabel("E-mail", { exact: true }).fill(email);
    await page.getByRole("button", { name: "Send verification code" }).click();

    await waitForRoute(page, "/checkEmail");
    await shows(page.getByRole("heading", { name: "Check your inbox" }));
    await shows(page.getByText(email, { exact: true }));
    const mail = await server.outbox.latest(email);
    expect(mail.subject).toBe("Your VRF Cloud registration code");
    const code = await server.outbox.latestCode(email);
    // Six digits verify by themselves.
    await page.getByRole("textbox", { name: "OTP Input 1" }).click();
    await page.keyboard.type(code);

    await waitForRoute(page, "/setupPwd");
    await shows(page.getByRole("heading", { name: "Choose a password" }));
    await shows(page.getByText(`For your account ${email}`));
    await page.getByLabel("Company name", { exact: true }).fill("Lovelace Engineering");
    await page.getByLabel("New password", { exact: true }).fill(password);
    await page.getByLabel("Confirm password", { exact: true }).fill(password);
    await page.getByRole("button", { name: "Create account" }).click();

    await waitForRoute(page, "/licence");
    const agree = page.getByRole("button", { name: "Agree and continue" });
    await shows(agree);
    expect(await agree.isDisabled()).toBe(true);
    await page.getByRole("checkbox", { name: "I have read and agree to the privacy agreement" }).check();
    await agree.click();

    await waitForRoute(page, "/userProfile");
    await shows(page.getByRole("heading", { name: "Tell us about yourself" }));
    await page.getByLabel("First name").fill("Ada");
    await page.getByLabel("Surname").fill("Lovelace");
    await page.getByLabel("Phone").fill("+49 30 1234567");
    // antd's option list is virtual (its role=option nodes are for screen readers): search and pick with Enter.
    await page.getByLabel("Country / region").fill("Germany");
    await page.keyboard.press("Enter");
    await page.getByLabel("City").fill("Berlin");
    await page.getByLabel("ZIP code").fill("10115");
    await page.getByLabel("Street").fill("Unter den Linden");
    await page.getByLabel("House number").fill("1");
    await page.getByRole("button", { name: "Save and continue" }).click();

    await waitForRoute(page, "/success");
    await shows(page.getByText("Your account is ready"));
    await page.getByRole("button", { name: "Choose a module" }).click();

    await waitForRoute(page, "/restrict");
    await shows(page.getByRole("heading", { name: /^Good (morning|afternoon|evening), new\.engineer$/ }));
    await enterModule(page, "distributor");

    await waitForRoute(page, "/agency");
    const side = sidebar(page);
    await shows(side.getByRole("button", { name: "Distributor Cloud" }));
    await shows(side.getByRole("menuitem", { name: "Projects" }));
    await shows(side.getByRole("menuitem", { name: "Equipment Center" }));
    await titleIs(page, "Distributor Dashboard - VRF Cloud");

    // What was typed on the profile step is what the account now shows.
    const menu = await openUserMenu(page);
    await menu.getByRole("menuitem", { name: "Personal information" }).click();
    await waitForRoute(page, "/platformCenter/perInfo");
    await shows(page.getByText("Ada Lovelace"));
    await shows(page.getByText("Berlin", { exact: true }));
    await shows(page.getByText("Germany", { exact: true }));
    await hides(page.getByText("No personal information has been saved yet."));
  });
});
