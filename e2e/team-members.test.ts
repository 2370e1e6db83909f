import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import {
  enterModule,
  exactly,
  openFromSidebar,
  openPage,
  sidebar,
  signIn,
  submitSignIn,
  waitForRoute,
} from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { type E2eState, useE2eSuite } from "./harness/suite.ts";

let state: E2eState;
let server: E2eServer;
let page: Page;

useE2eSuite((s) => {
  state = s;
  ({ server, page } = s);
});

const COLLEAGUE = "field.engineer@example.com";

/** A JSON call straight to the server (setting the scene, not what the test is about). */
async function api<T>(url: string, body: unknown, token?: string): Promise<T> {
  const res = await server.app.inject({
    method: "POST",
    url,
    payload: body as Record<string, unknown>,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  const envelope = res.json() as { errorCode: number; data: T };
  if (envelope.errorCode !== 0) throw new Error(`${url}: ${res.body}`);
  return envelope.data;
}

/** The invitation code in the latest mail to `email`. */
async function invitationCode(email: string): Promise<string> {
  const mail = await server.outbox.latest(email);
  const code = /Invitation code:\s*(\S+)/.exec(mail.text)?.[1];
  if (!code) throw new Error(`no invitation code in: ${mail.text}`);
  return code;
}

describe("team members", () => {
  it("renames the organisation, invites a Hi-Checker colleague who registers from the mail and sees only Hi-Checker", async () => {
    // The distributor's administrator opens the team page from Platform Center.
    await signIn(page, "distributor@example.com");
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await openFromSidebar(page, "Platform Center", "Team Members", "/platformCenter/teamMembers");
    await shows(page.getByTestId("organisation-name").getByText("Demo Distributor"));
    await shows(page.getByRole("row").filter({ hasText: "checker@example.com" }));

    // Rename: a one-letter name is refused in the form, a proper one saved.
    await page.getByRole("button", { name: "Rename" }).click();
    const rename = page.getByRole("dialog", { name: "Rename organisation" });
    await rename.getByLabel("Company name").fill("D");
    await rename.getByRole("button", { name: exactly("Save") }).click();
    await shows(rename.getByText("The company name must be 2 to 100 characters."));
    await rename.getByLabel("Company name").fill("Demo Distribution Ltd");
    await rename.getByRole("button", { name: exactly("Save") }).click();
    await hides(rename);
    await shows(page.getByTestId("organisation-name").getByText("Demo Distribution Ltd"));

    // Invite a colleague with Hi-Checker only.
    await page.getByRole("button", { name: "Invite member" }).click();
    const invite = page.getByRole("dialog", { name: "Invite a colleague" });
    await invite.getByLabel("E-mail").fill(COLLEAGUE);
    await invite.getByRole("checkbox", { name: "Distributor Cloud" }).uncheck();
    await invite.getByRole("button", { name: exactly("Send invitation") }).click();
    await hides(invite);
    await page.getByRole("tab", { name: /Pending invitations/ }).click();
    await shows(page.getByRole("row").filter({ hasText: COLLEAGUE }).filter({ hasText: "Hi-Checker" }));

    const mail = await server.outbox.latest(COLLEAGUE);
    expect(mail.subject).toContain("Demo Distribution Ltd");
    const code = await invitationCode(COLLEAGUE);

    // The colleague, in a browser of its own, registers from the invitation.
    const { context, page: colleague } = await openPage(state.browser, server.baseUrl);
    try {
      await colleague.goto(`/#/register?invitation=${encodeURIComponent(code)}`);
      await shows(colleague.getByText("You are invited to join Demo Distribution Ltd."));
      const email = colleague.getByLabel("E-mail", { exact: true });
      await expect.poll(() => email.inputValue()).toBe(COLLEAGUE);
      await colleague.getByRole("button", { name: "Send verification code" }).click();
      await waitForRoute(colleague, "/checkEmail");
      const registrationCode = await server.outbox.latestCode(COLLEAGUE);
      await colleague.getByRole("textbox", { name: "OTP Input 1" }).click();
      await colleague.keyboard.type(registrationCode);

      await waitForRoute(colleague, "/setupPwd");
      const company = colleague.getByLabel("Company name", { exact: true });
      await expect.poll(() => company.inputValue()).toBe("Demo Distribution Ltd");
      expect(await company.getAttribute("readonly")).not.toBeNull();
      await colleague.getByLabel("New password", { exact: true }).fill("Welcome2026");
      await colleague.getByLabel("Confirm password", { exact: true }).fill("Welcome2026");
      await colleague.getByRole("button", { name: "Create account" }).click();

      await waitForRoute(colleague, "/licence");
      await colleague.getByRole("checkbox", { name: "I have read and agree to the privacy agreement" }).check();
      await colleague.getByRole("button", { name: "Agree and continue" }).click();
      await waitForRoute(colleague, "/userProfile");
      await colleague.getByLabel("First name").fill("Field");
      await colleague.getByLabel("Surname").fill("Engineer");
      await colleague.getByLabel("Phone").fill("+49 30 7654321");
      await colleague.getByLabel("Country / region").fill("Germany");
      await colleague.keyboard.press("Enter");
      await colleague.getByLabel("City").fill("Berlin");
      await colleague.getByLabel("ZIP code").fill("10115");
      await colleague.getByLabel("Street").fill("Friedrichstraße");
      await colleague.getByLabel("House number").fill("2");
      await colleague.getByRole("button", { name: "Save and continue" }).click();
      await waitForRoute(colleague, "/success");
      await colleague.getByRole("button", { name: "Choose a module" }).click();

      // Only Hi-Checker: no Distributor Cloud card to enter, and the Hi-Checker shell.
      await colleague.waitForURL((url) => !url.hash.startsWith("#/success"));
      await hides(colleague.getByRole("button", { name: "Enter Distributor Cloud" }));
      await enterModule(colleague, "checker");
      await waitForRoute(colleague, "/dashboard");
      const side = sidebar(colleague);
      await shows(side.getByText("HI-CHECKER"));
      await hides(side.getByRole("menuitem", { name: "Projects" }));
      await hides(side.getByRole("menuitem", { name: "Team Members" }));
    } finally {
      await context.close();
    }

    // Back on the team page, the colleague is a member with Hi-Checker, the invitation gone.
    await shows(page.getByRole("tab", { name: /Pending invitations/ }));
    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByRole("button", { name: "Refresh" }).first().click();
    await shows(page.getByRole("row").filter({ hasText: COLLEAGUE }).filter({ hasText: "Hi-Checker" }));
    await hides(page.getByRole("row").filter({ hasText: COLLEAGUE }).filter({ hasText: "Distributor Cloud" }));
  });

  it("offers an invitation at sign-in to an existing account, which accepts and enters with the granted modules", async () => {
    const email = "solo.owner@example.com";
    await api("/account/acc/get_mailbox_code", { email, type: 1 });
    const code = await server.outbox.latestCode(email);
    await api("/account/acc/mailbox_regist", { email, code, password: "Welcome2026", companyName: "Solo Owner Ltd" });
    // An account that has been in use: the privacy agreement accepted already.
    await server.app.services.db
      .updateTable("accounts")
      .set({ privacy_version: 1 })
      .where("email", "=", email)
      .execute();
    const { accessToken } = await api<{ accessToken: string }>("/account/acc/login_pwd", {
      email: "distributor@example.com",
      password: "Demo1234",
    });
    const { token } = await api<{ token: string }>("/hmt-web/himit-checker/sys/login", {
      accessToken,
      authorityNum: 2,
    });
    await api("/hmt-web/distributor/team/invitations/create", { email, authorities: [5], role: "member" }, token);

    // The offer comes before any module: the sign-in page stays until it is answered.
    await submitSignIn(page, email, "Welcome2026");
    const offer = page.getByRole("dialog", { name: "You are invited to join a team" });
    await shows(offer);
    await shows(offer.getByText(/^distributor@example\.com invites you to join .+ as Member, with Hi-Checker\.$/));
    await offer.getByRole("button", { name: "Accept and join" }).click();
    await hides(offer);
    // Joined with Hi-Checker only: that module opens, Distributor Cloud is not offered.
    await page.waitForURL((url) => !url.hash.startsWith("#/login"));
    await hides(page.getByRole("button", { name: "Enter Distributor Cloud" }));
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    const organisation = await server.app.services.db
      .selectFrom("accounts as a")
      .where("a.email", "=", email)
      .select(["a.organisation_id as organisationId", "a.authorities"])
      .executeTakeFirstOrThrow();
    const distributor = await server.app.services.db
      .selectFrom("accounts")
      .where("email", "=", "distributor@example.com")
      .select("organisation_id")
      .executeTakeFirstOrThrow();
    expect(organisation).toEqual({ organisationId: distributor.organisation_id, authorities: "5" });
  });
});
