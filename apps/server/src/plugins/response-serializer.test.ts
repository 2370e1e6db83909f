import { ZRegion } from "@vrf/contract/basic/language.ts";
import { ZEnvelope } from "@vrf/contract/envelope.ts";
import { authority } from "@vrf/contract/module/session.ts";
import { listProjects } from "@vrf/contract/projects/project-list.ts";
import { listProjectMapPoints } from "@vrf/contract/projects/project-map.ts";
import { ZSecurityEventDetail } from "@vrf/contract/security-events/list.ts";
import Fastify from "fastify";
import { serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import {
  CompiledSerializerMismatch,
  checkResponsesByDefault,
  compileResponseSerializer,
  createResponseSerializerCompiler,
  firstDifference,
  toSerializerSchema,
} from "./response-serializer.ts";

const route = { method: "GET", url: "/test" };
const fast = (schema: z.ZodType) => compileResponseSerializer(schema, route, { check: false });
const checked = (schema: z.ZodType) => compileResponseSerializer(schema, route, { check: true });
/** What the zod provider wrote before: the reference every compiled answer must equal. */
const viaZod = (schema: z.ZodType, data: unknown) => zodSerializerCompiler({ schema, ...route } as never)(data);

/** Writes `data` both ways (compiled, unchecked and checked) and expects the zod answer. */
const expectSameAsZod = (schema: z.ZodType, data: unknown) => {
  const compiled = fast(schema);
  expect(compiled.compiled, compiled.problems.join("; ")).toBe(true);
  const expected = JSON.parse(viaZod(schema, data));
  expect(JSON.parse(compiled.serialize(data))).toStrictEqual(expected);
  expect(JSON.parse(checked(schema).serialize(data))).toStrictEqual(expected);
  return expected;
};

describe("compiled response serializer", () => {
  it("writes only contract fields, at every depth", () => {
    const schema = ZEnvelope(
      z.object({
        list: z.array(z.object({ id: z.number().int(), name: z.string(), owner: z.object({ id: z.number() }) })),
        total: z.number().int(),
      }),
    );
    const data = {
      errorCode: 0,
      code: 200,
      msg: "success",
      debug: "stack",
      data: {
        list: [{ id: 1, name: "a", passwordHash: "x", owner: { id: 7, email: "secret@example.com" } }],
        total: 1,
        sql: "select *",
      },
    };
    const written = fast(schema).serialize(data);
    expect(written).not.toMatch(/passwordHash|secret|sql|debug/);
    expect(JSON.parse(written)).toEqual({
      errorCode: 0,
      code: 200,
      msg: "success",
      data: { list: [{ id: 1, name: "a", owner: { id: 7 } }], total: 1 },
    });
    expectSameAsZod(schema, data);
  });

  it("writes dates as zod and JSON.stringify did: ISO 8601 in UTC", () => {
    const schema = z.object({ at: z.date(), text: z.string(), nullableAt: z.date().nullable() });
    const data = { at: new Date("2026-03-01T08:00:00.123Z"), text: "2026-03-01 09:00", nullableAt: null };
    expect(expectSameAsZod(schema, data)).toEqual({
      at: "2026-03-01T08:00:00.123Z",
      text: "2026-03-01 09:00",
      nullableAt: null,
    });
    // Outside four-digit years fast-json-stringify falls back to toISOString as well.
    expectSameAsZod(schema, { ...data, at: new Date("+010000-01-01T00:00:00Z") });
  });

  it("writes tuples and refuses one with too many items", () => {
    const schema = ZEnvelope(
      z.object({
        points: z.array(z.tuple([z.number().int(), z.number(), z.number(), z.number().int()])),
        unlocated: z.number().int(),
      }),
    );
    const data = {
      errorCode: 0,
      code: 200,
      msg: "success",
      data: {
        points: [
          [1, 52.52, 13.405, 0],
          [2, -33.8688, 151.2093, 3],
        ],
        unlocated: 4,
      },
    };
    expect(expectSameAsZod(schema, data).data.points).toEqual(data.data.points);
    const tooLong = { ...data, data: { points: [[1, 2, 3, 4, 5]], unlocated: 0 } };
    expect(() => fast(schema).serialize(tooLong)).toThrow(/does not match/);
    expect(() => checked(schema).serialize(tooLong)).toThrow(/match the schema/);
    // A tuple item of the wrong type is refused even unchecked: fast-json-stringify tests each item.
    expect(() => fast(schema).serialize({ ...data, data: { points: [[1, "52", 13, 0]], unlocated: 0 } })).toThrow();
  });

  it("writes the map's columns as zod does, and refuses columns of different lengths when checked", () => {
    const schema = ZEnvelope(listProjectMapPoints.response);
    const data = {
      errorCode: 0,
      code: 200,
      msg: "success",
      data: {
        ids: [4, 1, 7],
        lat: [5252000, -3386880, 0],
        lng: [1340500, 15120930, -17950000],
        alarms: [0, 3, 0],
        unlocated: 4,
      },
    };
    expect(expectSameAsZod(schema, data).data).toEqual(data.data);
    // The lengths are a refinement, which the compiled form does not test: checked mode refuses.
    const ragged = { ...data, data: { ...data.data, lat: [5252000] } };
    expect(() => checked(schema).serialize(ragged)).toThrow(/match the schema/);
    const fraction = { ...data, data: { ...data.data, lng: [1340500.5, 1, 2] } };
    expect(() => checked(schema).serialize(fraction)).toThrow(/match the schema/);
  });

  it("writes nullable and optional fields as zod did", () => {
    const schema = z.object({
      name: z.string().nullable(),
      note: z.string().optional(),
      count: z.number().nullish(),
      tags: z.array(z.string()).nullable(),
      owner: z.object({ id: z.number() }).nullable(),
      defaulted: z.string().default(""),
    });
    expectSameAsZod(schema, { name: null, count: null, tags: null, owner: null, defaulted: "x" });
    expectSameAsZod(schema, { name: "a", note: "n", count: 2, tags: ["t"], owner: { id: 1, x: 2 }, defaulted: "" });
    // An optional field set to undefined is left out, as JSON.stringify leaves it out.
    expect(
      expectSameAsZod(schema, { name: "a", note: undefined, tags: [], owner: null, defaulted: "" }),
    ).not.toHaveProperty("note");
  });

  it("writes unions: literals, object branches (stripped), discriminated, nullable", () => {
    const literals = z.object({
      status: z.union([z.literal(0), z.literal(1), z.literal(2)]),
      kind: z.enum(["a", "b"]),
    });
    expect(toSerializerSchema(literals)).toMatchObject({
      schema: {
        properties: { status: { type: "number", enum: [0, 1, 2] }, kind: { type: "string", enum: ["a", "b"] } },
      },
    });
    expectSameAsZod(literals, { status: 2, kind: "b" });

    const shapes = z.array(
      z.union([z.object({ circle: z.number() }), z.object({ square: z.string(), side: z.number().optional() })]),
    );
    expectSameAsZod(shapes, [{ circle: 1, extra: true }, { square: "s", side: 2, extra: "x" }, { square: "t" }]);

    const events = z.array(
      z.discriminatedUnion("type", [
        z.object({ type: z.literal("signIn"), ip: z.string() }),
        z.object({ type: z.literal("export"), rows: z.number(), what: z.string().nullable() }),
      ]),
    );
    const written = expectSameAsZod(events, [
      { type: "signIn", ip: "10.0.0.1", rows: 5 },
      { type: "export", rows: 5, what: null, ip: "hidden" },
    ]);
    expect(written).toEqual([
      { type: "signIn", ip: "10.0.0.1" },
      { type: "export", rows: 5, what: null },
    ]);

    const mixed = z.object({ value: z.union([z.string(), z.number(), z.null()]) });
    for (const value of ["a", 1, null]) expectSameAsZod(mixed, { value });
  });

  it("writes records, z.any and recursive (lazy) schemas", () => {
    expectSameAsZod(z.object({ detail: ZSecurityEventDetail }), {
      detail: { rows: 3, what: "devices", ok: true, none: null },
    });
    expectSameAsZod(z.object({ payload: z.any(), more: z.unknown() }), { payload: { a: [1, { b: 2 }] }, more: "x" });
    expectSameAsZod(z.object({ regions: z.array(ZRegion) }), {
      regions: [{ code: "DE", name: "Germany", x: 1, children: [{ code: "BE", name: "Berlin", children: [] }] }],
    });
    const answer = {
      errorCode: 0,
      code: 200,
      msg: "success",
      data: {
        customerId: "c1",
        account: "a@example.com",
        name: "A",
        avatar: "",
        roleNum: 1,
        authorityNum: 2,
        roles: "",
        rememberSelect: 2,
        languageId: 0,
        checkerMenuEntityList: [
          { id: 1, menuName: "m", pid: 0, url: "/m", icon: null, secret: 1, children: [] },
          {
            id: 2,
            menuName: "n",
            pid: 0,
            url: "/n",
            icon: "i",
            children: [{ id: 3, menuName: "o", pid: 2, url: "/o", icon: null, children: [] }],
          },
        ],
      },
    };
    expectSameAsZod(ZEnvelope(authority.response), answer);
  });

  it("compiles the large answers: map points and lists", () => {
    for (const endpoint of [listProjectMapPoints, listProjects]) {
      expect(fast(ZEnvelope(endpoint.response)).compiled).toBe(true);
    }
  });

  it("falls back to zod where the compiled form would differ, and says why", () => {
    const trimmed = z.object({ name: z.string().trim(), at: z.string().transform((s) => s.length) });
    const result = fast(trimmed);
    expect(result.compiled).toBe(false);
    expect(result.problems).toEqual([expect.stringMatching(/^name: .*rewrites/), expect.stringMatching(/^at: pipe/)]);
    const codec = z.object({
      at: z.codec(z.iso.datetime(), z.date(), { decode: (s) => new Date(s), encode: (d) => d.toISOString() }),
      name: z.string().trim(),
    });
    const viaCodec = fast(codec);
    expect(viaCodec.compiled).toBe(false);
    // The zod path: the codec encodes, the check trims.
    expect(JSON.parse(viaCodec.serialize({ at: new Date("2026-01-01T00:00:00Z"), name: " a " }))).toEqual({
      at: "2026-01-01T00:00:00.000Z",
      name: "a",
    });
    for (const schema of [
      z.tuple([z.number()], z.string()),
      z.object({ a: z.bigint() }),
      z.map(z.string(), z.number()),
    ]) {
      expect(fast(schema).compiled).toBe(false);
    }
    const logged: unknown[] = [];
    const log = { debug: (...args: unknown[]) => logged.push(args) } as never;
    compileResponseSerializer(trimmed, route, { check: false, log });
    expect(logged).toEqual([[{ route: "GET /test", problems: result.problems }, "response serialised through zod"]]);
  });

  it("refuses a value that does not match its contract when checking", () => {
    const schema = ZEnvelope(z.object({ id: z.number().int(), name: z.string(), status: z.enum(["on", "off"]) }));
    const envelope = (data: unknown) => ({ errorCode: 0, code: 200, msg: "success", data });
    const good = checked(schema);
    expect(good.serialize(envelope({ id: 1, name: "a", status: "on" }))).toBe(
      '{"errorCode":0,"code":200,"msg":"success","data":{"id":1,"name":"a","status":"on"}}',
    );
    for (const wrong of [
      { id: "1", name: "a", status: "on" },
      { id: 1.5, name: "a", status: "on" },
      { id: 1, name: null, status: "on" },
      { id: 1, name: "a", status: "maybe" },
      { id: 1, status: "on" },
    ]) {
      expect(() => good.serialize(envelope(wrong)), JSON.stringify(wrong)).toThrow("Response doesn't match the schema");
    }
    // Unchecked, the value is coerced to its declared type instead (documented; the tests run checked).
    expect(JSON.parse(fast(schema).serialize(envelope({ id: "1", name: null, status: "maybe" }))).data).toEqual({
      id: 1,
      name: "",
      status: "maybe",
    });
    // A required field missing is refused either way.
    expect(() => fast(schema).serialize(envelope({ id: 1, status: "on" }))).toThrow(/name.*required/);
  });

  it("fails a checked answer the compiled serializer writes differently from zod", () => {
    const schema = z.object({ at: z.date() });
    const compiled = checked(schema);
    const date = new Date("2026-03-01T08:00:00Z");
    // Date.prototype.toJSON replaced: JSON.stringify (zod path) honours it, fast-json-stringify does not.
    const odd = Object.assign(new Date(date), { toJSON: () => "local time" });
    expect(() => compiled.serialize({ at: odd })).toThrow(CompiledSerializerMismatch);
    expect(() => compiled.serialize({ at: odd })).toThrow(/GET \/test .* at at$/);
    expect(firstDifference({ a: [1, { b: 2 }], c: 1 }, { c: 1, a: [1, { b: 3 }] })).toBe("a.1.b");
    expect(firstDifference({ a: 1, b: 2 }, { b: 2, a: 1 })).toBeUndefined();
  });

  it("is wired as Fastify's serializer compiler and checks only under test or development", async () => {
    expect(checkResponsesByDefault({ NODE_ENV: "test" })).toBe(true);
    expect(checkResponsesByDefault({ NODE_ENV: "development" })).toBe(true);
    expect(checkResponsesByDefault({ NODE_ENV: "production" })).toBe(false);
    expect(checkResponsesByDefault({})).toBe(false);
    expect(checkResponsesByDefault()).toBe(true); // vitest sets NODE_ENV=test

    const app = Fastify();
    app.setSerializerCompiler(createResponseSerializerCompiler({ check: true }));
    app.get("/ok", { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: 1, hidden: 2 }));
    app.get("/wrong", { schema: { response: { 200: z.object({ id: z.number() }) } } }, async () => ({ id: "x" }));
    expect((await app.inject("/ok")).body).toBe('{"id":1}');
    expect((await app.inject("/wrong")).statusCode).toBe(500);
    await app.close();
  });
});
