import { describe, expect, it } from "vitest";
import { z } from "zod";
import { DEVICE_MESSAGE_SCHEMAS } from "./messages.ts";
import {
  DEVICE_TEXT_CHECK,
  DEVICE_TIME_RANGE,
  DEVICE_TOPICS,
  ZDeviceText,
  ZDeviceTime,
  ZDeviceUuid,
} from "./protocol.ts";
import { ZIndoorSnapshot, ZIndoorSupports, ZOutdoorSnapshot } from "./units.ts";

/**
 * Every field a device sends must be one the database stores as it is: a string with a maximum
 * length and no control characters (`ZDeviceText`: a NUL makes PostgreSQL refuse the whole
 * batch), a number with both bounds (an unbounded one overflows its smallint, integer or bigint
 * column, or makes a date no `timestamptz` holds), a time within DEVICE_TIME_RANGE, an array with
 * a maximum item count. The walk reads zod 4's definitions (`schema._zod.def`); a type it does not
 * know fails the test, since the gateway's compiled check takes only plain checks anyway.
 */
interface Check {
  _zod: { def: { check: string; value?: unknown; inclusive?: boolean } };
}
interface Def {
  type: string;
  checks?: Check[];
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const checksOf = (def: Def, kind: string) => (def.checks ?? []).filter((c) => c._zod.def.check === kind);
const hasMax = (def: Def) => checksOf(def, "max_length").length > 0 || checksOf(def, "length_equals").length > 0;

/** A field named like a time: `ts`, `at`, or ending in `At` (`issuedAt`, `startedAt`). */
const isTimeField = (path: string) => /(?:^|[.\]])(?:ts|at|[a-z]+At)$/.test(path);

/** Leaves that hold nothing unbounded: a fixed set of values, or none. */
const LEAVES = new Set(["boolean", "enum", "literal", "null", "never"]);
const WRAPPERS = new Set(["optional", "nullable", "readonly"]);

const deviceFieldProblems = (schema: unknown, at: string): { problems: string[]; times: string[] } => {
  const problems: string[] = [];
  const times: string[] = [];
  const walk = (node: unknown, path: string): void => {
    const def = defOf(node);
    if (def.type === "string") {
      if (!hasMax(def)) problems.push(`${path}: string without a maximum length`);
      if (!(def.checks ?? []).includes(DEVICE_TEXT_CHECK as unknown as Check))
        problems.push(`${path}: string without the no-control-character pattern (use ZDeviceText)`);
    } else if (def.type === "number") {
      const lower = checksOf(def, "greater_than").map((c) => Number(c._zod.def.value));
      const upper = checksOf(def, "less_than").map((c) => Number(c._zod.def.value));
      if (lower.length === 0) problems.push(`${path}: number without a lower bound`);
      if (upper.length === 0) problems.push(`${path}: number without an upper bound`);
      if (isTimeField(path)) {
        times.push(path);
        const [min, max] = [Math.max(...lower), Math.min(...upper)];
        if (lower.length > 0 && min < DEVICE_TIME_RANGE.min)
          problems.push(`${path}: time before ${new Date(DEVICE_TIME_RANGE.min).toISOString()}`);
        if (upper.length > 0 && max > DEVICE_TIME_RANGE.max)
          problems.push(`${path}: time after ${new Date(DEVICE_TIME_RANGE.max).toISOString()}`);
      }
    } else if (def.type === "object") {
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}[*]`);
    } else if (def.type === "array") {
      if (!hasMax(def)) problems.push(`${path}: array without a maximum item count`);
      walk(def.element, `${path}[]`);
    } else if (def.type === "tuple") {
      for (const [i, item] of (def.items as unknown[]).entries()) walk(item, `${path}[${i}]`);
      if (def.rest) problems.push(`${path}: tuple with an unbounded rest`);
    } else if (def.type === "union") {
      for (const [i, option] of (def.options as unknown[]).entries()) walk(option, `${path}<${i}>`);
    } else if (WRAPPERS.has(def.type)) {
      walk(def.innerType, path);
    } else if (!LEAVES.has(def.type)) {
      problems.push(`${path}: zod type "${def.type}" is not known to this walk`);
    }
  };
  walk(schema, at);
  return { problems, times };
};

describe("device message limits", () => {
  it("bounds every string, number, time and array of every device topic's schema", () => {
    const found = DEVICE_TOPICS.map((topic) => deviceFieldProblems(DEVICE_MESSAGE_SCHEMAS[topic], topic));
    expect(found.flatMap((f) => f.problems)).toEqual([]);
    // The walk saw the times: each header's, and each capture frame's.
    expect(found.flatMap((f) => f.times).sort()).toEqual(
      [...DEVICE_TOPICS.map((topic) => `${topic}.ts`), "capture.frames[].at"].sort(),
    );
  });

  it("bounds the unit snapshots on their own", () => {
    for (const [name, schema] of Object.entries({ ZOutdoorSnapshot, ZIndoorSnapshot, ZIndoorSupports })) {
      expect(deviceFieldProblems(schema, name).problems).toEqual([]);
    }
  });

  it("flags a string, number, time or array without its bound, wherever it sits", () => {
    const problems = (shape: Record<string, z.ZodType>) => deviceFieldProblems(z.object(shape).strict(), "m").problems;
    expect(problems({ a: z.string().check(DEVICE_TEXT_CHECK) })).toEqual(["m.a: string without a maximum length"]);
    expect(
      problems({
        a: z
          .string()
          .max(5)
          .regex(/^[a-z]*$/),
      }),
    ).toEqual(["m.a: string without the no-control-character pattern (use ZDeviceText)"]);
    expect(problems({ a: z.uuid() })).toEqual([
      "m.a: string without a maximum length",
      "m.a: string without the no-control-character pattern (use ZDeviceText)",
    ]);
    expect(problems({ a: z.number().int().min(0) })).toEqual(["m.a: number without an upper bound"]);
    expect(problems({ a: z.number().max(5).optional() })).toEqual(["m.a: number without a lower bound"]);
    expect(problems({ ts: z.number().int().min(0).max(8_640_000_000_000) })).toEqual([
      "m.ts: time after 2100-01-01T00:00:00.000Z",
    ]);
    expect(problems({ list: z.array(z.object({ at: z.number().int().min(-1).max(0) })).max(3) })).toEqual([
      "m.list[].at: time before 1970-01-01T00:00:00.000Z",
    ]);
    expect(problems({ list: z.array(ZDeviceText(5)) })).toEqual(["m.list: array without a maximum item count"]);
    expect(problems({ a: z.tuple([z.number().min(0).max(1), z.string().max(5)]) })).toEqual([
      "m.a[1]: string without the no-control-character pattern (use ZDeviceText)",
    ]);
    expect(problems({ a: z.union([z.literal(1), z.string()]).nullable() })).toEqual([
      "m.a<1>: string without a maximum length",
      "m.a<1>: string without the no-control-character pattern (use ZDeviceText)",
    ]);
    expect(problems({ a: z.record(z.string(), z.number()) })).toEqual([
      'm.a: zod type "record" is not known to this walk',
    ]);
  });

  it("takes the building blocks as they are", () => {
    const shape = { a: ZDeviceText(5).optional(), id: ZDeviceUuid.nullable(), ts: ZDeviceTime, at: ZDeviceTime };
    expect(deviceFieldProblems(z.object(shape).strict(), "m")).toEqual({ problems: [], times: ["m.ts", "m.at"] });
  });
});

describe("the no-control-character pattern", () => {
  it("refuses C0 controls and DEL, and nothing else", () => {
    const text = ZDeviceText(20);
    for (const bad of ["a\u0000b", "\u0001", "a\tb", "a\nb", "a\rb", "a\u001fb", "a\u007fb"]) {
      expect(text.safeParse(bad).error?.issues[0]?.message).toBe("controlCharacters");
    }
    for (const good of ["", "2.4.1", "V3.1.0-rc.1", "bus busy", "Zürich 北京", "a\u2028b", "\u0085", "a\u00a0b"]) {
      expect(text.safeParse(good).success).toBe(true);
    }
    expect(text.safeParse("x".repeat(21)).success).toBe(false);
  });

  it("takes device clocks from the epoch (a clock never set) to 2100-01-01", () => {
    expect(ZDeviceTime.safeParse(0).success).toBe(true);
    expect(ZDeviceTime.safeParse(Date.UTC(2100, 0, 1)).success).toBe(true);
    expect(ZDeviceTime.safeParse(Date.UTC(2100, 0, 1) + 1).success).toBe(false);
    expect(ZDeviceTime.safeParse(-1).success).toBe(false);
    expect(ZDeviceTime.safeParse(8.64e15).success).toBe(false);
    expect(ZDeviceTime.safeParse(Number.MAX_SAFE_INTEGER).success).toBe(false);
  });
});
