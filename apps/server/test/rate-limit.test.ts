import { afterAll, beforeAll, expect, it } from "vitest";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

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
