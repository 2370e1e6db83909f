import type { Page, WebSocket } from "playwright-core";
import { describe, expect, it } from "vitest";
import { hides, shows } from "./harness/assert.ts";
import { enterModule, sidebar, signIn, waitForRoute } from "./harness/browser.ts";
import type { E2eServer } from "./harness/start-server.ts";
import { useE2eSuite } from "./harness/suite.ts";

let server: E2eServer;
let page: Page;

useE2eSuite((state) => {
  ({ server, page } = state);
});

const ACK_TIMEOUT = { type: "ackTimeout", wifiId: "HC-TEST-01" };
const ACK_TIMEOUT_TOAST = "The Hi-Checker device with WiFiID of HC-TEST-01 operation failed due to ack timeout.";

const stored = (key: string) => page.evaluate((k) => localStorage.getItem(k), key);

/** Publishes until the server has an open socket of `customerId` to deliver to (it connects right after the page loads). */
async function publishWhenConnected(customerId: string): Promise<void> {
  await expect
    .poll(() => server.app.services.live.publish(customerId, ACK_TIMEOUT), { timeout: 15_000, interval: 100 })
    .toBeGreaterThan(0);
}

describe("live socket", () => {
  it("shows the ack-timeout toast a Hi-Checker session receives on a live page", async () => {
    // A checker-only account is taken into its module by the sign-in itself: listen before it.
    const opened = page.waitForEvent("websocket", (ws: WebSocket) => ws.url().includes("/server/control/"));
    await signIn(page, "checker@example.com");
    await enterModule(page, "checker");
    await waitForRoute(page, "/dashboard");
    await shows(sidebar(page).getByRole("button", { name: "HI-CHECKER" }));

    const socket = await opened;
    const customerId = await stored("customerId");
    const webClientId = await stored("webClientId");
    expect(customerId).toBeTruthy();
    expect(webClientId).toBeTruthy();
    const path = new URL(socket.url()).pathname;
    expect(path).toBe(`/server/control/${customerId}/${webClientId}`);

    await hides(page.getByText(ACK_TIMEOUT_TOAST));
    await publishWhenConnected(customerId as string);
    await shows(page.getByText(ACK_TIMEOUT_TOAST));
  });

  it("opens the socket on the Distributor Cloud's pages too (decision 0004), with the same toast", async () => {
    await signIn(page, "distributor@example.com");
    const opened = page.waitForEvent("websocket", (ws: WebSocket) => ws.url().includes("/server/control/"));
    await enterModule(page, "distributor");
    await waitForRoute(page, "/agency");
    await shows(sidebar(page).getByRole("menuitem", { name: "Equipment Center" }));
    const socket = await opened;
    const customerId = (await stored("customerId")) as string;
    expect(new URL(socket.url()).pathname).toBe(`/server/control/${customerId}/${await stored("webClientId")}`);

    await publishWhenConnected(customerId);
    await shows(page.getByText(ACK_TIMEOUT_TOAST));
  });
});
