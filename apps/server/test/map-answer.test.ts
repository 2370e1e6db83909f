import { brotliDecompressSync, gunzipSync } from "node:zlib";
import { decodeMapPoints, type TProjectMapPoints } from "@vrf/contract/projects/project-map.ts";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type DemoOrganisations, demoCallers } from "./helpers/demo-callers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

const URL = "/hmt-web/distributor/project/map_points";

let t: TestApp;
let tokens: Awaited<ReturnType<typeof demoCallers>>["tokens"];
let orgs: DemoOrganisations;

beforeAll(async () => {
  t = await createTestApp();
  ({ tokens, orgs } = await demoCallers(t));
});
afterAll(async () => {
  await t.close();
});

/** The map's answer as the wire carries it: status, headers and the decoded body. */
const fetchMap = async (options: { token?: string; etag?: string; encoding?: string; query?: string } = {}) => {
  const res = await t.app.inject({
    method: "GET",
    url: `${URL}${options.query ?? ""}`,
    headers: {
      authorization: `Bearer ${options.token ?? tokens.distributor}`,
      ...(options.etag ? { "if-none-match": options.etag } : {}),
      ...(options.encoding ? { "accept-encoding": options.encoding } : {}),
    },
  });
  const encoding = res.headers["content-encoding"];
  const raw = res.rawPayload;
  const text =
    encoding === "br"
      ? brotliDecompressSync(raw).toString()
      : encoding === "gzip"
        ? gunzipSync(raw).toString()
        : raw.toString();
  return {
    status: res.statusCode,
    etag: String(res.headers.etag ?? ""),
    encoding,
    cacheControl: res.headers["cache-control"],
    text,
    points: () => decodeMapPoints((JSON.parse(text) as { data: TProjectMapPoints }).data),
  };
};

const firstLocatedProject = async (organisationId: number) =>
  t.db
    .selectFrom("projects")
    .where("organisation_id", "=", organisationId)
    .where("latitude", "is not", null)
    .select(["id", "latitude", "longitude"])
    .orderBy("id")
    .executeTakeFirstOrThrow();

describe("the project map's answer, kept in its wire form", () => {
  it("is the same answer in every encoding, and a client that holds it gets a 304", async () => {
    const plain = await fetchMap();
    expect(plain.status).toBe(200);
    expect(plain.etag).toMatch(/^"[\w-]+"$/);
    expect(plain.cacheControl).toBe("private, no-cache");
    expect(plain.points().length).toBeGreaterThan(0);
    for (const encoding of ["br", "gzip", "gzip, deflate, br"]) {
      const encoded = await fetchMap({ encoding });
      expect(encoded.encoding).toBe(encoding === "gzip" ? "gzip" : "br");
      expect(encoded.text).toBe(plain.text);
      expect(encoded.etag).toBe(plain.etag);
    }
    const held = await fetchMap({ etag: plain.etag });
    expect(held.status).toBe(304);
    expect(held.text).toBe("");
    expect((await fetchMap({ etag: `W/${plain.etag}` })).status).toBe(304);
    expect((await fetchMap({ etag: '"something-else"' })).status).toBe(200);
  });

  it("changes as soon as a project of the scope moves, opens a fault or goes", async () => {
    const project = await firstLocatedProject(orgs.distributor);
    const id = Number(project.id);
    const before = await fetchMap();

    await t.db.updateTable("projects").set({ latitude: 12.34567, longitude: 98.76543 }).where("id", "=", id).execute();
    const moved = await fetchMap({ etag: before.etag });
    expect(moved.status).toBe(200);
    expect(moved.etag).not.toBe(before.etag);
    expect(moved.points().find((p) => p.id === id)).toMatchObject({ lat: 12.34567, lng: 98.76543 });

    const alarmsBefore = moved.points().find((p) => p.id === id)?.alarms as number;
    const device = await t.db
      .selectFrom("devices")
      .where("project_id", "=", id)
      .select(["id", "organisation_id"])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("faults")
      .values({
        organisation_id: device.organisation_id,
        project_id: id,
        device_id: device.id,
        code: "E01",
        occurred_at: t.clock.now(),
        repaired_at: null,
      })
      .execute();
    const alarmed = await fetchMap({ etag: moved.etag });
    expect(alarmed.status).toBe(200);
    expect(alarmed.points().find((p) => p.id === id)?.alarms).toBe(alarmsBefore + 1);

    const added = await t.post<{ id: number }>(
      "/hmt-web/distributor/project/add",
      {
        name: "Map answer probe",
        contactPerson: "Li Wei",
        contactPhone: "+86 532 8888 1234",
        countryCode: "CN",
        cityCode: "CN-QD",
        address: "Hong Kong Middle Road 9",
        latitude: 36.5,
        longitude: 120.5,
      },
      tokens.distributor,
    );
    const withNew = await fetchMap({ etag: alarmed.etag });
    expect(withNew.status).toBe(200);
    expect(withNew.points().map((p) => p.id)).toContain(added.body.data.id);
    await t.post("/hmt-web/distributor/project/delete", { id: added.body.data.id }, tokens.distributor);
    const without = await fetchMap({ etag: withNew.etag });
    expect(without.status).toBe(200);
    expect(without.points().map((p) => p.id)).not.toContain(added.body.data.id);
  });

  it("is kept per scope and filter: another tenant's change leaves it, and never crosses tenants", async () => {
    const mine = await fetchMap();
    const foreign = await firstLocatedProject(orgs.other);
    await t.db.updateTable("projects").set({ latitude: 1.5 }).where("id", "=", foreign.id).execute();
    // Nothing of ours changed: still held.
    expect((await fetchMap({ etag: mine.etag })).status).toBe(304);
    // The other distributor's answer is its own, with its change in it, and not ours.
    const theirs = await fetchMap({ token: tokens.other, etag: mine.etag });
    expect(theirs.status).toBe(200);
    expect(theirs.etag).not.toBe(mine.etag);
    expect(theirs.points().find((p) => p.id === Number(foreign.id))?.lat).toBe(1.5);
    const ours = new Set(mine.points().map((p) => p.id));
    expect(theirs.points().some((p) => ours.has(p.id))).toBe(false);
    // A sub-distributor's scope is a different answer too, and a filter is another entry.
    expect((await fetchMap({ token: tokens.sub })).etag).not.toBe(mine.etag);
    const alarmOnly = await fetchMap({ query: "?alarmState=alarm" });
    expect(alarmOnly.etag).not.toBe(mine.etag);
    expect(alarmOnly.points().every((p) => p.alarms > 0)).toBe(true);
  });
});
