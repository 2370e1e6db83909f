import {
  decodeMapPoints,
  type TProjectMapPoint,
  type TProjectMapPoints,
  ZProjectMapPoints,
} from "@vrf/contract/projects/project-map.ts";
import ExcelJS from "exceljs";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { createProjectsService } from "../src/modules/projects/projects.service.ts";
import { type DemoOrganisations, demoCallers } from "./helpers/demo-callers.ts";
import { createTestApp, type TestApp } from "./helpers/test-app.ts";

let t: TestApp;
let distributor: string;
let sub: string;
let other: string;
let checker: string;
let orgs: DemoOrganisations;

const P = "/hmt-web/distributor/project";

interface Item {
  id: number;
  code: string;
  name: string;
  organisationId: number;
  organisationName: string;
  countryName: string;
  cityName: string;
  devices: { himit: number; hidom: number; smarttouch: number; checker: number };
  alarmCount: number;
  createdAt: string;
}
interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}

const input = {
  name: "Harbour View Tower (North) #2",
  contactPerson: "Li Wei",
  contactPhone: "+86 532 8888 1234",
  countryCode: "CN",
  cityCode: "CN-QD",
  address: "Hong Kong Middle Road 9",
  latitude: 36.06,
  longitude: 120.38,
};

const projectCount = async () =>
  Number(
    (
      await t.db
        .selectFrom("projects")
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

/** The first project of an organisation that has devices attached. */
const firstProjectOf = async (organisationId: number) => {
  const row = await t.db
    .selectFrom("projects as p")
    .where("p.organisation_id", "=", organisationId)
    .where((eb) => eb.exists(eb.selectFrom("devices as d").whereRef("d.project_id", "=", "p.id").select("d.id")))
    .select(["p.id", "p.code", "p.name"])
    .orderBy("p.id")
    .executeTakeFirstOrThrow();
  return { id: Number(row.id), code: row.code, name: row.name };
};

const openFaultsOf = async (projectId: number) =>
  Number(
    (
      await t.db
        .selectFrom("faults")
        .where("project_id", "=", projectId)
        .where("repaired_at", "is", null)
        .select((eb) => eb.fn.countAll<number>().as("n"))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  t = await createTestApp();
  ({
    tokens: { distributor, sub, other, checker },
    orgs,
  } = await demoCallers(t));
});
afterAll(() => t.close());

describe("project list", () => {
  it("shows a distributor its own and its sub-distributor's projects with device counts from SQL", async () => {
    const res = await t.post<Page<Item>>(`${P}/list`, { pageNum: 1, pageSize: 100 }, distributor);
    expect(res.status).toBe(200);
    expect(res.body.data.total).toBe(46);
    const owners = new Set(res.body.data.list.map((p) => p.organisationName));
    expect(owners).toEqual(new Set(["Demo Distributor", "Demo Sub-distributor"]));
    const sample = res.body.data.list[0] as Item;
    const devices = await t.db.selectFrom("devices").where("project_id", "=", sample.id).select(["kind"]).execute();
    expect(sample.devices.himit).toBe(devices.filter((d) => d.kind === "himit").length);
    expect(sample.devices.checker).toBe(devices.filter((d) => d.kind === "checker").length);
    expect(sample.countryName).not.toBe("");
  });

  it("shows a sub-distributor only its own ten projects", async () => {
    const res = await t.post<Page<Item>>(`${P}/list`, { pageNum: 1, pageSize: 50 }, sub);
    expect(res.body.data.total).toBe(10);
    expect(res.body.data.list.every((p) => p.organisationName === "Demo Sub-distributor")).toBe(true);
    const filtered = await t.post<Page<Item>>(`${P}/list`, { organisationId: orgs.distributor }, sub);
    expect(filtered.body.data.total).toBe(0);
  });

  it("filters by keyword, country, city and distributor, pages and sorts on the server", async () => {
    const byCode = await t.post<Page<Item>>(`${P}/list`, { keyword: "p2026000" }, distributor);
    expect(byCode.body.data.total).toBe(9);
    const german = await t.post<Page<Item>>(`${P}/list`, { countryCode: "DE", pageSize: 200 }, distributor);
    expect(german.body.data.total).toBeGreaterThan(0);
    expect(german.body.data.list.every((p) => p.countryName === "Germany")).toBe(true);
    const berlin = await t.post<Page<Item>>(`${P}/list`, { countryCode: "DE", cityCode: "DE-BER" }, distributor);
    expect(berlin.body.data.total).toBeLessThan(german.body.data.total);
    const subOnly = await t.post<Page<Item>>(`${P}/list`, { organisationId: orgs.sub }, distributor);
    expect(subOnly.body.data.total).toBe(10);

    const page2 = await t.post<Page<Item>>(
      `${P}/list`,
      { pageNum: 2, pageSize: 5, sort: "name", order: "ascend" },
      distributor,
    );
    expect(page2.body.data).toMatchObject({ pageNum: 2, pageSize: 5, total: 46 });
    const all = await t.post<Page<Item>>(`${P}/list`, { pageSize: 200, sort: "name", order: "ascend" }, distributor);
    expect(page2.body.data.list.map((p) => p.id)).toEqual(all.body.data.list.slice(5, 10).map((p) => p.id));
    const names = all.body.data.list.map((p) => p.name);
    expect(names).toEqual([...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0)));
  });

  it("counts open faults as alarms and filters by alarm state", async () => {
    const project = await firstProjectOf(orgs.distributor);
    const openBefore = await openFaultsOf(project.id);
    const device = await t.db
      .selectFrom("devices")
      .where("project_id", "=", project.id)
      .select(["id", "organisation_id"])
      .executeTakeFirstOrThrow();
    await t.db
      .insertInto("faults")
      .values([
        {
          organisation_id: device.organisation_id,
          project_id: project.id,
          device_id: device.id,
          code: "E01",
          occurred_at: new Date("2026-02-27T10:00:00Z"),
        },
        {
          organisation_id: device.organisation_id,
          project_id: project.id,
          device_id: device.id,
          code: "E02",
          occurred_at: new Date("2026-02-28T10:00:00Z"),
        },
        {
          organisation_id: device.organisation_id,
          project_id: project.id,
          device_id: device.id,
          code: "E03",
          occurred_at: new Date("2026-02-20T10:00:00Z"),
          repaired_at: new Date("2026-02-21T10:00:00Z"),
        },
      ])
      .execute();
    const alarms = await t.post<Page<Item>>(`${P}/list`, { alarmState: "alarm", pageSize: 200 }, distributor);
    const mine = alarms.body.data.list.find((p) => p.id === project.id);
    expect(mine?.alarmCount).toBe(openBefore + 2);
    expect(alarms.body.data.list.every((p) => p.alarmCount > 0)).toBe(true);
    const normal = await t.post<Page<Item>>(`${P}/list`, { alarmState: "normal", pageSize: 200 }, distributor);
    expect(normal.body.data.list.some((p) => p.id === project.id)).toBe(false);
    expect(normal.body.data.total + alarms.body.data.total).toBe(46);
    const sorted = await t.post<Page<Item>>(`${P}/list`, { sort: "alarmCount", order: "descend" }, distributor);
    const highest = Math.max(...alarms.body.data.list.map((p) => p.alarmCount));
    expect(sorted.body.data.list[0]?.alarmCount).toBe(highest);
  });

  it("refuses bad input (400), no session (401) and the Hi-Checker module (403)", async () => {
    expect((await t.post(`${P}/list`, { pageSize: 500 }, distributor)).status).toBe(400);
    expect((await t.post(`${P}/list`, { sort: "password_hash" }, distributor)).status).toBe(400);
    expect((await t.post(`${P}/list`, { alarmState: "maybe" }, distributor)).status).toBe(400);
    expect((await t.post(`${P}/list`, {})).status).toBe(401);
    expect((await t.post(`${P}/list`, {}, checker)).status).toBe(403);
  });
});

describe("project export", () => {
  const read = async (payload: Buffer) => {
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(payload as unknown as ArrayBuffer);
    return workbook.worksheets[0] as ExcelJS.Worksheet;
  };

  it("answers an xlsx with the list's filters, headers in the caller's language", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `${P}/export`,
      payload: { keyword: "P20260001", sort: "name", order: "ascend" },
      headers: { authorization: `Bearer ${distributor}`, "accept-language": "zh_CN,en" },
    });
    expect(res.statusCode).toBe(200);
    expect(res.headers["content-type"]).toContain("spreadsheetml");
    expect(res.headers["content-disposition"]).toContain("projects-20260301.xlsx");
    const sheet = await read(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("Project name");
    expect(sheet.rowCount).toBe(2);
    const project = await t.db
      .selectFrom("projects")
      .where("code", "=", "P20260001")
      .select(["name", "contact_person"])
      .executeTakeFirstOrThrow();
    expect(sheet.getRow(2).getCell(1).value).toBe(project.name);
    expect(sheet.getRow(2).getCell(2).value).toBe("P20260001");
    expect(sheet.getRow(2).getCell(3).value).toBe("Demo Distributor");
    expect(sheet.getRow(2).getCell(7).value).toBe(project.contact_person);
  });

  it("exports only the sub-distributor's own rows, and refuses 401/403/400", async () => {
    const res = await t.app.inject({
      method: "POST",
      url: `${P}/export`,
      payload: {},
      headers: { authorization: `Bearer ${sub}`, "accept-language": "zh_CN,zh" },
    });
    const sheet = await read(res.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe("项目名称");
    expect(sheet.rowCount).toBe(11);
    expect((await t.post(`${P}/export`, {})).status).toBe(401);
    expect((await t.post(`${P}/export`, {}, checker)).status).toBe(403);
    expect((await t.post(`${P}/export`, { alarmState: 3 }, distributor)).status).toBe(400);
  });
});

describe("creating, reading, editing and deleting a project", () => {
  it("creates a project in the caller's organisation with the next project ID", async () => {
    const before = await projectCount();
    const res = await t.post<{ id: number; code: string }>(`${P}/add`, input, distributor);
    expect(res.body.errorCode).toBe(0);
    expect(res.body.data.code).toBe("P20260037");
    const again = await t.post<{ id: number; code: string }>(`${P}/add`, { ...input, name: "Second" }, distributor);
    expect(again.body.data.code).toBe("P20260038");
    expect(await projectCount()).toBe(before + 2);
    const row = await t.db
      .selectFrom("projects")
      .where("id", "=", res.body.data.id)
      .selectAll()
      .executeTakeFirstOrThrow();
    expect(Number(row.organisation_id)).toBe(orgs.distributor);
    expect(row).toMatchObject({ name: input.name, city_code: "CN-QD", latitude: 36.06, longitude: 120.38 });

    const bySub = await t.post<{ id: number }>(`${P}/add`, { ...input, name: "Sub site" }, sub);
    const subRow = await t.db
      .selectFrom("projects")
      .where("id", "=", bySub.body.data.id)
      .select("organisation_id")
      .executeTakeFirstOrThrow();
    expect(Number(subRow.organisation_id)).toBe(orgs.sub);
  });

  it("gives projects saved at the same moment different project IDs", async () => {
    const saved = await Promise.all(
      Array.from({ length: 5 }, (_, i) =>
        t.post<{ code: string }>(`${P}/add`, { ...input, name: `Rush ${i}` }, distributor),
      ),
    );
    expect(saved.every((r) => r.body.errorCode === 0)).toBe(true);
    expect(new Set(saved.map((r) => r.body.data.code)).size).toBe(5);
  });

  it("refuses invalid projects with 400 and writes nothing", async () => {
    const before = await projectCount();
    const bad = [
      { ...input, name: "" },
      { ...input, name: "   " },
      { ...input, contactPerson: "" },
      { ...input, contactPhone: "" },
      { ...input, contactPhone: "12ab" },
      { ...input, name: "<script>" },
      { ...input, countryCode: "XX", cityCode: "" },
      { ...input, countryCode: "DE", cityCode: "CN-QD" },
      { ...input, countryCode: "", cityCode: "CN-QD" },
      { ...input, latitude: 95 },
      { ...input, latitude: 10, longitude: null },
      { ...input, name: "x".repeat(101) },
    ];
    for (const body of bad) {
      const res = await t.post(`${P}/add`, body, distributor);
      expect(res.status, JSON.stringify(body)).toBe(400);
    }
    expect((await t.post(`${P}/add`, { ...input, contactPhone: "12ab" }, distributor)).body.errorCode).toBe(600701);
    expect(await projectCount()).toBe(before);
    expect((await t.post(`${P}/add`, input)).status).toBe(401);
    expect((await t.post(`${P}/add`, input, checker)).status).toBe(403);
    expect(await projectCount()).toBe(before);
  });

  it("reads a project by id or project ID, within the scope only", async () => {
    const own = await firstProjectOf(orgs.distributor);
    const byId = await t.get<{ code: string; own: boolean; organisationName: string }>(
      `${P}/detail`,
      { id: own.id },
      distributor,
    );
    expect(byId.body.data).toMatchObject({ code: own.code, own: true, organisationName: "Demo Distributor" });
    const byCode = await t.get<{ id: number }>(`${P}/detail`, { code: own.code }, distributor);
    expect(byCode.body.data.id).toBe(own.id);

    const subProject = await firstProjectOf(orgs.sub);
    const parentView = await t.get<{ own: boolean }>(`${P}/detail`, { id: subProject.id }, distributor);
    expect(parentView.body.data.own).toBe(false);
    expect((await t.get(`${P}/detail`, { id: own.id }, sub)).status).toBe(404);
    const foreign = await firstProjectOf(orgs.other);
    const refused = await t.get(`${P}/detail`, { id: foreign.id }, distributor);
    expect(refused.status).toBe(404);
    expect(refused.body.errorCode).toBe(600909);
    expect((await t.get(`${P}/detail`, { code: foreign.code }, distributor)).status).toBe(404);
    expect((await t.get(`${P}/detail`, { id: 99_999_999 }, distributor)).status).toBe(404);
    expect((await t.get(`${P}/detail`, {}, distributor)).status).toBe(400);
    expect((await t.get(`${P}/detail`, { id: own.id })).status).toBe(401);
    expect((await t.get(`${P}/detail`, { id: own.id }, checker)).status).toBe(403);
  });

  it("saves contact persons' names as written, in any script, and reads them back exactly", async () => {
    const added = await t.post<{ id: number }>(
      `${P}/add`,
      { ...input, name: "Name test", contactPerson: "Seán O'Brien" },
      distributor,
    );
    expect(added.status).toBe(200);
    const read = await t.get<{ contactPerson: string }>(`${P}/detail`, { id: added.body.data.id }, distributor);
    expect(read.body.data.contactPerson).toBe("Seán O'Brien");

    for (const contactPerson of ["Li Si (edited)", "José-María d'Ávila", "张三", "Renée O’Connor"]) {
      const updated = await t.post(
        `${P}/update`,
        { id: added.body.data.id, ...input, name: "Name test", contactPerson },
        distributor,
      );
      expect(updated.status, contactPerson).toBe(200);
      const again = await t.get<{ contactPerson: string }>(`${P}/detail`, { id: added.body.data.id }, distributor);
      expect(again.body.data.contactPerson).toBe(contactPerson);
    }

    for (const contactPerson of ["<script>alert(1)</script>", "Ann\u0007", "x".repeat(51)]) {
      const refused = await t.post(`${P}/add`, { ...input, contactPerson }, distributor);
      expect(refused.status, contactPerson).toBe(400);
      expect(refused.body.data).toMatchObject({
        fields: expect.arrayContaining([expect.objectContaining({ path: "contactPerson" })]),
      });
    }
  });

  it("updates a project in scope (a parent may edit its sub-distributor's), never another tenant's", async () => {
    const own = await firstProjectOf(orgs.distributor);
    const res = await t.post<{ code: string }>(`${P}/update`, { id: own.id, ...input, name: "Renamed" }, distributor);
    expect(res.body.data.code).toBe(own.code);
    const row = await t.db.selectFrom("projects").where("id", "=", own.id).selectAll().executeTakeFirstOrThrow();
    expect(row.name).toBe("Renamed");
    expect(row.code).toBe(own.code);

    const subProject = await firstProjectOf(orgs.sub);
    expect((await t.post(`${P}/update`, { id: subProject.id, ...input, name: "By parent" }, distributor)).status).toBe(
      200,
    );
    expect((await t.post(`${P}/update`, { id: own.id, ...input, name: "By child" }, sub)).status).toBe(404);
    const foreign = await firstProjectOf(orgs.other);
    expect((await t.post(`${P}/update`, { id: foreign.id, ...input, name: "Hijack" }, distributor)).status).toBe(404);
    const foreignRow = await t.db
      .selectFrom("projects")
      .where("id", "=", foreign.id)
      .select("name")
      .executeTakeFirstOrThrow();
    expect(foreignRow.name).toBe(foreign.name);

    expect((await t.post(`${P}/update`, { id: own.id, ...input, contactPhone: "x" }, distributor)).status).toBe(400);
    expect(
      (await t.post(`${P}/update`, { id: own.id, ...input, countryCode: "ZZ", cityCode: "" }, distributor)).status,
    ).toBe(400);
    const unchanged = await t.db
      .selectFrom("projects")
      .where("id", "=", own.id)
      .select("name")
      .executeTakeFirstOrThrow();
    expect(unchanged.name).toBe("Renamed");
    expect((await t.post(`${P}/update`, { id: own.id, ...input })).status).toBe(401);
    expect((await t.post(`${P}/update`, { id: own.id, ...input }, checker)).status).toBe(403);
  });

  it("deletes a project without devices; refuses one with devices (700020) and other tenants' (404)", async () => {
    const withDevices = await firstProjectOf(orgs.distributor);
    const refused = await t.post(`${P}/delete`, { id: withDevices.id }, distributor);
    expect(refused.status).toBe(409);
    expect(refused.body.errorCode).toBe(700020);
    expect(
      await t.db.selectFrom("projects").where("id", "=", withDevices.id).select("id").executeTakeFirst(),
    ).toBeTruthy();

    const created = await t.post<{ id: number }>(`${P}/add`, { ...input, name: "To delete" }, distributor);
    expect((await t.post(`${P}/delete`, { id: created.body.data.id })).status).toBe(401);
    expect((await t.post(`${P}/delete`, { id: created.body.data.id }, checker)).status).toBe(403);
    expect((await t.post(`${P}/delete`, { id: created.body.data.id }, other)).status).toBe(404);
    expect((await t.post(`${P}/delete`, { id: "one" }, distributor)).status).toBe(400);
    expect((await t.post(`${P}/delete`, { id: created.body.data.id }, distributor)).body.errorCode).toBe(0);
    expect(
      await t.db.selectFrom("projects").where("id", "=", created.body.data.id).select("id").executeTakeFirst(),
    ).toBeUndefined();
    expect((await t.post(`${P}/delete`, { id: created.body.data.id }, distributor)).status).toBe(404);
  });
});

describe("project detail lists", () => {
  it("lists the project's devices by kind, open faults and repair reports", async () => {
    const project = await firstProjectOf(orgs.distributor);
    const devices = await t.get<Page<{ id: number; kind: string; openFaultCount: number }>>(
      `${P}/devices`,
      { projectId: project.id, pageSize: 50 },
      distributor,
    );
    expect(devices.body.data.total).toBeGreaterThan(0);
    const himit = await t.get<Page<{ kind: string }>>(
      `${P}/devices`,
      { projectId: project.id, kind: "himit" },
      distributor,
    );
    expect(himit.body.data.list.every((d) => d.kind === "himit")).toBe(true);

    const open = await openFaultsOf(project.id);
    const faults = await t.get<Page<{ code: string; occurredAt: string }>>(
      `${P}/faults`,
      { projectId: project.id, pageSize: 200 },
      distributor,
    );
    expect(faults.body.data.total).toBe(open);
    expect(faults.body.data.list.map((f) => f.code)).toEqual(expect.arrayContaining(["E02", "E01"]));
    expect(faults.body.data.list.map((f) => f.code)).not.toContain("E03");
    const times = faults.body.data.list.map((f) => f.occurredAt);
    expect(times).toEqual([...times].sort().reverse());
    expect(devices.body.data.list.reduce((n, d) => n + d.openFaultCount, 0)).toBe(open);

    const device = devices.body.data.list[0] as { id: number };
    const reportsBefore = (await t.get<Page<unknown>>(`${P}/repair_reports`, { projectId: project.id }, distributor))
      .body.data.total;
    await t.db
      .insertInto("repair_reports")
      .values({
        organisation_id: orgs.distributor,
        device_id: device.id,
        user_name: "Anna",
        serial_number: "SN-1",
        content: "No cooling on floor 3",
        reported_at: new Date("2026-02-28T09:00:00Z"),
        updated_at: new Date("2026-02-28T09:00:00Z"),
      })
      .execute();
    const reports = await t.get<Page<{ userName: string; status: number }>>(
      `${P}/repair_reports`,
      { projectId: project.id },
      distributor,
    );
    expect(reports.body.data.total).toBe(reportsBefore + 1);
    expect(reports.body.data.list).toContainEqual(expect.objectContaining({ userName: "Anna", status: 0 }));
    const detail = await t.get<{ repairReportCount: number; alarmCount: number }>(
      `${P}/detail`,
      { id: project.id },
      distributor,
    );
    expect(detail.body.data).toMatchObject({ repairReportCount: reportsBefore + 1, alarmCount: open });
  });

  it("answers 404 for another tenant's project, 400, 401 and 403", async () => {
    const foreign = await firstProjectOf(orgs.other);
    for (const path of ["devices", "faults", "repair_reports"]) {
      expect((await t.get(`${P}/${path}`, { projectId: foreign.id }, distributor)).status).toBe(404);
      expect((await t.get(`${P}/${path}`, { projectId: "x" }, distributor)).status).toBe(400);
      expect((await t.get(`${P}/${path}`, { projectId: foreign.id })).status).toBe(401);
      expect((await t.get(`${P}/${path}`, { projectId: foreign.id }, checker)).status).toBe(403);
    }
    const parent = await firstProjectOf(orgs.distributor);
    expect((await t.get(`${P}/devices`, { projectId: parent.id }, sub)).status).toBe(404);
  });
});

describe("project map", () => {
  /** The answer as sent, checked against its contract, and its points as the map reads them. */
  const mapPoints = async (query: Record<string, string | number>, token = distributor) => {
    const res = await t.get<TProjectMapPoints>(`${P}/map_points`, query, token);
    const ok = res.status === 200;
    if (ok) expect(ZProjectMapPoints.safeParse(res.body.data).success).toBe(true);
    return { ...res, points: ok ? decodeMapPoints(res.body.data) : [], unlocated: res.body.data?.unlocated };
  };
  const idsOf = (res: { points: TProjectMapPoint[] }) => res.points.map((p) => p.id);

  /** The located projects of some organisations, straight from the table (the expected answer). */
  const locatedIn = async (organisationIds: number[]) =>
    (
      await t.db
        .selectFrom("projects")
        .where("organisation_id", "in", organisationIds)
        .where("latitude", "is not", null)
        .where("longitude", "is not", null)
        .select(["id", "latitude", "longitude", "organisation_id", "name"])
        .orderBy("id")
        .execute()
    ).map((r) => ({ ...r, id: Number(r.id), latitude: Number(r.latitude), longitude: Number(r.longitude) }));

  it("answers id, position and open faults per located project of the scope as columns, and the unlocated count", async () => {
    const res = await mapPoints({});
    expect(res.status).toBe(200);
    // Four columns of whole numbers only: no names, codes or device counts travel with the map.
    const { ids, lat, lng, alarms, unlocated } = res.body.data;
    expect(Object.keys(res.body.data).sort()).toEqual(["alarms", "ids", "lat", "lng", "unlocated"]);
    for (const column of [ids, lat, lng, alarms]) {
      expect(column).toHaveLength(res.points.length);
      expect(column.every(Number.isInteger)).toBe(true);
    }
    const expected = await locatedIn([orgs.distributor, orgs.sub]);
    expect(expected.length).toBeGreaterThan(0);
    expect(idsOf(res)).toEqual(expected.map((p) => p.id));
    // The first id, then the steps between ids in ascending order.
    expect(ids[0]).toBe(expected[0]?.id);
    expect(ids.slice(1).every((step) => step > 0)).toBe(true);
    for (const [i, point] of res.points.entries()) {
      const row = expected[i] as (typeof expected)[number];
      // Whole numbers of 1e-5 degree: the stored position rounded to 5 decimals, within half of
      // the last digit, and the decoded degrees never have more digits than that.
      expect(lat[i]).toBe(Math.round(row.latitude * 1e5));
      expect(lng[i]).toBe(Math.round(row.longitude * 1e5));
      expect(Math.abs(point.lat - row.latitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
      expect(Math.abs(point.lng - row.longitude)).toBeLessThanOrEqual(0.000005 + 1e-12);
      expect(Number(point.lat.toFixed(5))).toBe(point.lat);
      expect(Number(point.lng.toFixed(5))).toBe(point.lng);
      expect(point.alarms).toBe(await openFaultsOf(point.id));
    }
    const list = await t.post<Page<Item>>(`${P}/list`, { pageSize: 200 }, distributor);
    expect(res.points.length + unlocated).toBe(list.body.data.total);
  });

  it("follows the list's filters: keyword, organisation and alarm state", async () => {
    const all = (await mapPoints({})).points;
    const alarms = (await mapPoints({ alarmState: "alarm" })).points;
    const normal = (await mapPoints({ alarmState: "normal" })).points;
    expect(alarms.length).toBeGreaterThan(0);
    expect(alarms.every((p) => p.alarms > 0)).toBe(true);
    expect(normal.every((p) => p.alarms === 0)).toBe(true);
    expect(alarms.length + normal.length).toBe(all.length);

    const subIds = (await locatedIn([orgs.sub])).map((p) => p.id);
    expect(subIds.length).toBeGreaterThan(0);
    expect(idsOf(await mapPoints({ organisationId: orgs.sub }))).toEqual(subIds);

    const one = (await locatedIn([orgs.distributor]))[0] as { id: number; name: string };
    const byKeyword = await t.post<Page<Item>>(`${P}/list`, { pageSize: 200, keyword: one.name }, distributor);
    const located = new Set(all.map((p) => p.id));
    const expected = byKeyword.body.data.list.map((p) => p.id).filter((id) => located.has(id));
    expect(expected).toContain(one.id);
    expect(idsOf(await mapPoints({ keyword: one.name })).sort()).toEqual(expected.sort());
  });

  it("keeps to a viewport when asked for one, across the antimeridian too", async () => {
    const east = await t.post<{ id: number }>(
      `${P}/add`,
      { ...input, name: "Map east edge", latitude: -17.5, longitude: 179.5 },
      distributor,
    );
    const west = await t.post<{ id: number }>(
      `${P}/add`,
      { ...input, name: "Map west edge", latitude: -17.6, longitude: -179.5 },
      distributor,
    );
    const edges = [east.body.data.id, west.body.data.id];

    const all = (await mapPoints({})).points;
    const box = [100, 20, 125, 45] as const;
    const inBox = all.filter(({ lat, lng }) => lng >= box[0] && lng <= box[2] && lat >= box[1] && lat <= box[3]);
    expect(inBox.length).toBeGreaterThan(0);
    expect(inBox.length).toBeLessThan(all.length);
    const boxed = await mapPoints({ bbox: box.join(",") });
    expect(boxed.points).toEqual(inBox);
    // The first id of a viewport's answer is its own first project's, not the whole map's.
    expect(boxed.body.data.ids[0]).toBe(inBox[0]?.id);
    // The unlocated count belongs to the filters, not to the viewport.
    expect(boxed.unlocated).toBe((await mapPoints({})).unlocated);

    expect(idsOf(await mapPoints({ bbox: "179,-20,-179,-15" })).sort()).toEqual([...edges].sort());
    expect(idsOf(await mapPoints({ bbox: "179,-20,180,-15" }))).toEqual([edges[0]]);
    expect(idsOf(await mapPoints({ bbox: "-180,-90,180,90" }))).toEqual(all.map((p) => p.id));
    // Filters and the viewport together.
    expect(idsOf(await mapPoints({ bbox: "179,-20,-179,-15", keyword: "Map west" }))).toEqual([edges[1]]);

    for (const bad of ["1,2,3", "0,10,5,5", "200,0,210,10", "0,-91,10,0", "a,b,c,d", "1,2,3,4,5"]) {
      expect((await mapPoints({ bbox: bad })).status, bad).toBe(400);
    }
  });

  it("never shows another tenant's projects, and their popup details answer 404", async () => {
    const foreign = await locatedIn([orgs.other]);
    expect(foreign.length).toBeGreaterThan(0);
    const foreignIds = new Set(foreign.map((p) => p.id));
    const world = { bbox: "-180,-90,180,90" };
    const queries: Record<string, string | number>[] = [
      {},
      world,
      { keyword: (foreign[0] as { name: string }).name },
      { organisationId: orgs.other },
    ];
    for (const query of queries) {
      const ids = idsOf(await mapPoints(query));
      expect(ids.filter((id) => foreignIds.has(id))).toEqual([]);
    }
    const none = await mapPoints({ organisationId: orgs.other });
    expect(none.points).toEqual([]);
    expect(none.body.data).toMatchObject({ ids: [], lat: [], lng: [], alarms: [] });

    // A sub-distributor sees its own organisation's projects only, not its parent's.
    const subIds = idsOf(await mapPoints({}, sub));
    expect(subIds).toEqual((await locatedIn([orgs.sub])).map((p) => p.id));
    // The other distributor sees its own, none of ours.
    const theirs = idsOf(await mapPoints(world, other));
    expect(theirs).toEqual(foreign.map((p) => p.id));

    // What a marker's popup shows comes from the project detail, scoped the same way.
    const [mine] = (await mapPoints({ alarmState: "alarm" })).points as [TProjectMapPoint];
    const popup = await t.get<{
      id: number;
      code: string;
      name: string;
      devices: Record<string, number>;
      alarmCount: number;
    }>(`${P}/detail`, { id: mine.id }, distributor);
    expect(popup.status).toBe(200);
    expect(popup.body.data).toMatchObject({ id: mine.id, alarmCount: mine.alarms });
    expect(Object.keys(popup.body.data.devices).sort()).toEqual(["checker", "hidom", "himit", "smarttouch"]);
    expect((await t.get(`${P}/detail`, { id: (foreign[0] as { id: number }).id }, distributor)).status).toBe(404);
    expect((await t.get(`${P}/detail`, { id: mine.id }, other)).status).toBe(404);
  });

  it("refuses bad input, no session and the wrong module", async () => {
    expect((await mapPoints({ alarmState: "x" })).status).toBe(400);
    expect((await mapPoints({ organisationId: "x" })).status).toBe(400);
    expect((await t.get(`${P}/map_points`, {})).status).toBe(401);
    expect((await t.get(`${P}/map_points`, {}, checker)).status).toBe(403);
  });

  it("tells the map which tile server to use, if any, and whether a place search is offered", async () => {
    const res = await t.get<{ tileUrl: string | null }>(`${P}/map_config`, {}, sub);
    expect(res.body.data).toEqual({ tileUrl: null, placeSearch: false });
    expect((await t.get(`${P}/map_config`, {})).status).toBe(401);
    expect((await t.get(`${P}/map_config`, {}, checker)).status).toBe(403);
    const configured = createProjectsService({
      db: t.db,
      clock: t.clock,
      mapTileUrl: "https://tiles.example.com/{z}/{x}/{y}.png",
      geocoderUrl: "https://nominatim.example.com",
    });
    expect(configured.mapConfig()).toEqual({
      tileUrl: "https://tiles.example.com/{z}/{x}/{y}.png",
      placeSearch: true,
    });
  });

  it("lists the projects of one place by name, each the caller's own only", async () => {
    type PlaceProject = {
      id: number;
      code: string;
      name: string;
      address: string;
      cityName: string;
      alarmCount: number;
    };
    const mapPlace = (ids: string, token = distributor) =>
      t.get<{ list: PlaceProject[] }>(`${P}/map_place`, { ids }, token);
    const here = { ...input, latitude: 36.0671, longitude: 120.3826 };
    const second = await t.post<{ id: number }>(`${P}/add`, { ...here, name: "Place B Office" }, distributor);
    const first = await t.post<{ id: number }>(`${P}/add`, { ...here, name: "Place A Hall" }, sub);
    const [a, b] = [first.body.data.id, second.body.data.id];
    const [foreign] = await locatedIn([orgs.other]);

    // One point each, at one spot: the map cannot part them, so their place lists both.
    const { points } = await mapPoints({ keyword: "Place " });
    expect(points.map((p) => p.id).sort()).toEqual([a, b].sort());
    expect(new Set(points.map((p) => `${p.lat},${p.lng}`)).size).toBe(1);

    const res = await mapPlace(`${b},${a},${foreign?.id},${b}`);
    expect(res.status).toBe(200);
    expect(res.body.data.list.map((p) => p.name)).toEqual(["Place A Hall", "Place B Office"]);
    expect(res.body.data.list[0]).toMatchObject({
      id: a,
      address: input.address,
      cityName: "Qingdao",
      alarmCount: 0,
    });
    expect(res.body.data.list[0]?.code).toMatch(/^P\d+/);
    // The sub-distributor reaches its own project only; another tenant none of them.
    expect((await mapPlace(`${a},${b}`, sub)).body.data.list.map((p) => p.id)).toEqual([a]);
    expect((await mapPlace(`${a},${b}`, other)).body.data.list).toEqual([]);

    const tooMany = Array.from({ length: 101 }, (_, i) => i + 1).join(",");
    for (const bad of ["", "a,b", "1,,2", "-1", tooMany]) {
      expect((await mapPlace(bad)).status, bad).toBe(400);
    }
    expect((await t.get(`${P}/map_place`, { ids: String(a) })).status).toBe(401);
    expect((await t.get(`${P}/map_place`, { ids: String(a) }, checker)).status).toBe(403);
  });
});
