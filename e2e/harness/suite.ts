import type { Browser, BrowserContext, Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, beforeEach } from "vitest";
import { keepEvidenceOfFailure, launchBrowser, openPage } from "./browser.ts";
import { type E2eServer, type StartServerOptions, startServer } from "./start-server.ts";

export interface E2eState {
  server: E2eServer;
  browser: Browser;
  context: BrowserContext;
  page: Page;
}

/**
 * The hooks a journey file needs: one real server and one browser for the file, a
 * fresh browser context (signed out, empty storage) for each test, and a screenshot
 * when a test fails. `sync` hands the current values to the file's own variables
 * after each change, so the tests read `page` and `server` as plain variables.
 */
export function useE2eSuite(sync: (state: E2eState) => void, serverOptions: StartServerOptions = {}): void {
  const state = {} as E2eState;
  beforeAll(async () => {
    state.server = await startServer(serverOptions);
    state.browser = await launchBrowser();
    sync(state);
  });
  afterAll(async () => {
    await state.browser?.close();
    await state.server?.close();
  });
  beforeEach(async () => {
    ({ context: state.context, page: state.page } = await openPage(state.browser, state.server.baseUrl));
    sync(state);
  });
  afterEach(async (ctx) => {
    await keepEvidenceOfFailure(ctx, state.page);
    await state.context?.close();
  });
}
