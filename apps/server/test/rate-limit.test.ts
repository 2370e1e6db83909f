import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_LIMITS } from "../src/app.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";
import { createWebDist, type WebDist } from "./helpers/web-dist.ts";

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    limits: { global: { max: 1000, timeWindow: "1 minute" }, strict: { max: 3, timeWindow: "1 minute" } },
  });
});
afterAll(() => t.close());

it("throttles sign-in attempts from one address with 429 and the envelope", async () => {
  for (let i = 0; i < 3; i++) {
    expect((await t.post("/account/acc/login_pwd", { email: "ghost@example.com", password: "x" })).status).toBe(401);
  }
  const throttled = await t.post("/account/acc/login_pwd", { email: "ghost@example.com", password: "x" });
  expect(throttled.status).toBe(429);
  expect(throttled.body).toMatchObject({ errorCode: 700029, code: 429 });
  // Other routes are not held back by the sign-in limit.
  expect((await t.get("/hmt-web/basic/getLanguageList")).status).toBe(200);
});

describe("the web app under the per-address limit", () => {
  let web: WebDist;
  let office: TestApp;
  beforeAll(async () => {
    web = await createWebDist();
    // The production limit: 600 requests a minute per address.
    office = await createTestApp({ limits: { global: DEFAULT_LIMITS.global }, webDist: web.root });
  });
  afterAll(async () => {
    await office.close();
    await web.remove();
  });

  it("never refuses the app's files, its shell or their 304s, while the API stays limited", async () => {
    const fromOffice = { remoteAddress: "203.0.113.7" };
    const asset = (url: string, headers: Record<string, string> = {}) =>
      office.app.inject({ method: "GET", url, headers: { "accept-encoding": "br, gzip", ...headers }, ...fromOffice });
    const { etag } = (await asset(web.scriptPath)).headers;

    // 700 loads in the same minute from one address (an office behind one NAT): first visits,
    // page reloads (index.html, the SPA fallback) and revalidations of cached files.
    const statuses = new Set<number>();
    for (let i = 0; i < 700; i++) {
      const res = await [
        () => asset(web.scriptPath),
        () => asset(web.cssPath),
        () => asset("/", { accept: "text/html" }),
        () => asset("/some/page", { accept: "text/html" }),
        () => asset(web.scriptPath, { "if-none-match": String(etag) }),
      ][i % 5]?.();
      statuses.add(res?.statusCode ?? 0);
      expect(res?.headers["x-ratelimit-remaining"]).toBeUndefined();
    }
    expect([...statuses].sort()).toEqual([200, 304]);

    // The API from that address is still counted from the first call and refused past 600.
    const api = () => office.app.inject({ method: "GET", url: "/hmt-web/basic/getLanguageList", ...fromOffice });
    const first = await api();
    expect(first.statusCode).toBe(200);
    expect(first.headers["x-ratelimit-remaining"]).toBe("599");
    for (let i = 1; i < 600; i++) await api();
    const refused = await api();
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 429 });
    // ... and the app itself still loads for the people in that office.
    expect((await asset(web.scriptPath)).statusCode).toBe(200);
    expect((await asset("/", { accept: "text/html" })).statusCode).toBe(200);
  });
});
