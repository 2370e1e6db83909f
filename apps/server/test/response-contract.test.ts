import { defineEndpoint } from "@vrf/contract/endpoint.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { z } from "zod";
import { addRoute, PUBLIC } from "../src/plugins/endpoint-route.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

// Answers are written by a serializer compiled from each endpoint's contract; under test every
// answer is also encoded through zod, so a handler drifting from its contract fails here.
const item = z.object({ id: z.number().int(), name: z.string(), at: z.date(), state: z.enum(["on", "off"]) });
const drifting = defineEndpoint({
  method: "GET",
  path: "/test/response-contract/drifting",
  request: z.object({}),
  response: z.object({ list: z.array(item) }),
});
const leaky = defineEndpoint({
  method: "GET",
  path: "/test/response-contract/leaky",
  request: z.object({}),
  response: z.object({ list: z.array(item), total: z.number().int() }),
});

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({
    extraRoutes: (app, services) => {
      // The handler's type is bypassed the way a wrong repository row would slip past it.
      addRoute(app, services.sessions, drifting, PUBLIC, () => ({
        list: [{ id: 1, name: "a", at: new Date(0), state: "unknown" }] as never,
      }));
      addRoute(app, services.sessions, leaky, PUBLIC, () => ({
        list: [{ id: 2, name: "b", at: new Date("2026-03-01T08:00:00Z"), state: "on" as const, passwordHash: "x" }],
        total: 1,
        organisationIds: [1, 2, 3],
      }));
    },
  });
});
afterAll(() => t.close());

describe("answers and their contract", () => {
  it("refuses an answer that does not match its contract: 500, nothing of it sent", async () => {
    const res = await t.app.inject({ method: "GET", url: drifting.path });
    expect(res.statusCode).toBe(500);
    expect(res.json()).toEqual({ errorCode: expect.any(Number), code: 500, msg: "internal", data: null });
    expect(res.body).not.toContain("unknown");
  });

  it("sends only the contract's fields, dates as ISO 8601", async () => {
    const res = await t.app.inject({ method: "GET", url: leaky.path });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({
      errorCode: 0,
      code: 200,
      msg: "success",
      data: { list: [{ id: 2, name: "b", at: "2026-03-01T08:00:00.000Z", state: "on" }], total: 1 },
    });
    expect(res.body).not.toMatch(/passwordHash|organisationIds/);
  });
});
