import { createServer, type IncomingMessage, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { PLACE_SEARCHES_PER_MINUTE } from "../src/modules/place-search/place-search.service.ts";
import { demoCallers } from "./helpers/demo-callers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const PATH = "/hmt-web/distributor/project/place_search";

/**
 * A Nominatim-compatible geocoder on a local port: it answers what the test sets and keeps every
 * request it got, so the test sees what the portal asked and how often.
 */
let geocoder: Server;
let geocoderUrl: string;
const asked: { url: URL; headers: IncomingMessage["headers"] }[] = [];
let answer: { status: number; body: string } = { status: 200, body: "[]" };

const friedrichstrasse = {
  place_id: 1,
  display_name: "Friedrichstraße 100, Mitte, Berlin, 10117, Deutschland",
  lat: "52.5208",
  lon: "13.3883",
  boundingbox: ["52.5207", "52.5209", "13.3882", "13.3884"],
};

let t: TestApp;
let distributor: string;
let sub: string;
let checker: string;

beforeAll(async () => {
  geocoder = createServer((request, response) => {
    asked.push({ url: new URL(request.url ?? "/", "http://geocoder.test"), headers: request.headers });
    response.writeHead(answer.status, { "content-type": "application/json" }).end(answer.body);
  });
  await new Promise<void>((resolve) => geocoder.listen(0, "127.0.0.1", resolve));
  geocoderUrl = `http://127.0.0.1:${(geocoder.address() as AddressInfo).port}/`;
  t = await createTestApp({ geocoderUrl });
  ({
    tokens: { distributor, sub, checker },
  } = await demoCallers(t));
});
afterAll(async () => {
  await t.close();
  await new Promise((resolve) => geocoder.close(resolve));
});

type Places = { places: { label: string; latitude: number; longitude: number; bounds: number[] | null }[] };

describe("place search through the deployment's geocoder", () => {
  it("is offered on the map config, asks the geocoder for the caller's language and country, and keeps the answer", async () => {
    expect((await t.get(`/hmt-web/distributor/project/map_config`, {}, distributor)).body.data).toEqual({
      tileUrl: null,
      placeSearch: true,
    });
    answer = {
      status: 200,
      body: JSON.stringify([friedrichstrasse, { display_name: "no position" }, { ...friedrichstrasse, lat: "x" }]),
    };
    const before = asked.length;
    const res = await t.get<Places>(PATH, { q: "  Friedrichstraße 100 ", countryCode: "DE" }, distributor);
    expect(res.status).toBe(200);
    // Entries without a usable position are left out; the extent comes as south, west, north, east.
    expect(res.body.data.places).toEqual([
      {
        label: "Friedrichstraße 100, Mitte, Berlin, 10117, Deutschland",
        latitude: 52.5208,
        longitude: 13.3883,
        bounds: [52.5207, 13.3882, 52.5209, 13.3884],
      },
    ]);
    expect(asked.length).toBe(before + 1);
    const request = asked.at(-1) as (typeof asked)[number];
    expect(request.url.pathname).toBe("/search");
    expect(Object.fromEntries(request.url.searchParams)).toMatchObject({
      q: "Friedrichstraße 100",
      format: "jsonv2",
      countrycodes: "de",
      "accept-language": "en",
    });
    expect(request.headers["user-agent"]).toMatch(/^VRF-Cloud\/\S+ \(\+http:\/\/vrf\.test:8080\)$/);

    // The same question again (any letter case) is answered from what was kept.
    const again = await t.get<Places>(PATH, { q: "FRIEDRICHstraße 100", countryCode: "de" }, sub);
    expect(again.body.data).toEqual(res.body.data);
    expect(asked.length).toBe(before + 1);

    // Without a country, anywhere; a search that finds nothing is an empty list.
    answer = { status: 200, body: "[]" };
    const nowhere = await t.get<Places>(PATH, { q: "Nowhere at all" }, distributor);
    expect(nowhere.body.data.places).toEqual([]);
    expect(asked.at(-1)?.url.searchParams.has("countrycodes")).toBe(false);
  });

  it("says the search is briefly unavailable when the geocoder fails, and passes its throttling on", async () => {
    for (const [status, body] of [
      [500, "oops"],
      [200, "<html>not json</html>"],
      [200, JSON.stringify({ error: "Unable to geocode" })],
    ] as const) {
      answer = { status, body };
      const res = await t.get(PATH, { q: `failing ${status} ${body.length}` }, distributor);
      expect(res.status, body).toBe(503);
      expect(res.body.errorCode).toBe(700503);
    }
    answer = { status: 429, body: "[]" };
    const throttled = await t.get(PATH, { q: "throttled upstream" }, distributor);
    expect(throttled.status).toBe(429);
    expect(throttled.body.errorCode).toBe(700029);
    // A failure is not kept: the next try asks again.
    answer = { status: 200, body: JSON.stringify([friedrichstrasse]) };
    expect((await t.get<Places>(PATH, { q: "throttled upstream" }, distributor)).body.data.places).toHaveLength(1);
  });

  it("limits each account's searches per minute", async () => {
    answer = { status: 200, body: "[]" };
    const token = await t.moduleToken("distributor@example.com", 2);
    t.clock.advance(60_000);
    for (let i = 0; i < PLACE_SEARCHES_PER_MINUTE; i++) {
      expect((await t.get(PATH, { q: `street ${i}` }, token)).status).toBe(200);
    }
    const refused = await t.get<{ retryAfterSeconds: number }>(PATH, { q: "one more" }, token);
    expect(refused.status).toBe(429);
    expect(refused.body.data.retryAfterSeconds).toBeGreaterThan(0);
    // Another account is not held up by this one.
    expect((await t.get(PATH, { q: "one more" }, sub)).status).toBe(200);
    t.clock.advance(60_000);
    expect((await t.get(PATH, { q: "one more" }, token)).status).toBe(200);
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    for (const query of [
      {},
      { q: "a" },
      { q: "x".repeat(201) },
      { q: "Berlin", countryCode: "DEU" },
      { q: "Ber\u0007lin" },
    ]) {
      expect((await t.get(PATH, query, distributor)).status, JSON.stringify(query)).toBe(400);
    }
    expect((await t.get(PATH, { q: "Berlin" })).status).toBe(401);
    expect((await t.get(PATH, { q: "Berlin" }, checker)).status).toBe(403);
  });
});

describe("place search without a geocoder", () => {
  it("is not offered, and its address answers routeNotFound", async () => {
    const plain = await createTestApp();
    try {
      const token = await plain.moduleToken("distributor@example.com", 2);
      expect((await plain.get(`/hmt-web/distributor/project/map_config`, {}, token)).body.data).toEqual({
        tileUrl: null,
        placeSearch: false,
      });
      const res = await plain.get(PATH, { q: "Berlin" }, token);
      expect(res.status).toBe(404);
      expect(res.body.errorCode).toBe(700004);
    } finally {
      await plain.close();
    }
  });
});
