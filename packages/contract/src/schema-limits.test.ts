import { readdirSync } from "node:fs";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { ZCommonData } from "./common-data.ts";
import { hasControlCharacters, TEXT_CHECKS, ZText } from "./rules.ts";

/**
 * Every string a request accepts must have a maximum length and the
 * control-character rule (`ZText`), and every array a maximum item count, so
 * that oversized or control-character input is refused with 400 by the schema
 * instead of reaching the database. The walk reads zod 4's definitions
 * (`schema._zod.def`); a zod type it does not know fails the test rather than
 * being skipped.
 */
interface Def {
  type: string;
  checks?: { _zod: { def: { check: string } } }[];
  [key: string]: unknown;
}
const defOf = (schema: unknown): Def => (schema as { _zod: { def: Def } })._zod.def;
const isBounded = (def: Def) =>
  (def.checks ?? []).some((c) => ["max_length", "length_equals", "max_size", "size_equals"].includes(c._zod.def.check));
const hasTextCheck = (def: Def) =>
  (def.checks ?? []).some((c) => c === TEXT_CHECKS.line || c === TEXT_CHECKS.multiline);

// Types that hold no free text of their own.
const LEAVES = new Set([
  "number",
  "int",
  "bigint",
  "boolean",
  "date",
  "enum",
  "literal",
  "null",
  "undefined",
  "void",
  "never",
  "nan",
  "symbol",
  "custom",
  "file",
  "transform",
]);
const WRAPPERS = new Set([
  "optional",
  "nullable",
  "default",
  "prefault",
  "nonoptional",
  "readonly",
  "catch",
  "success",
  "promise",
]);

const requestTextProblems = (schema: z.ZodType, at = "request"): string[] => {
  const problems: string[] = [];
  const seen = new Set<unknown>();
  const walk = (node: unknown, path: string): void => {
    // A schema used twice is checked once (and a recursive lazy schema ends).
    if (seen.has(node)) return;
    seen.add(node);
    const def = defOf(node);
    if (def.type === "string") {
      if (!isBounded(def)) problems.push(`${path}: string without a maximum length`);
      if (!hasTextCheck(def)) problems.push(`${path}: string without the control-character check (use ZText)`);
    } else if (def.type === "object") {
      for (const [key, value] of Object.entries(def.shape as Record<string, unknown>)) walk(value, `${path}.${key}`);
      if (def.catchall) walk(def.catchall, `${path}[*]`);
    } else if (def.type === "array" || def.type === "set") {
      if (!isBounded(def)) problems.push(`${path}: ${def.type} without a maximum item count`);
      walk(def.type === "array" ? def.element : def.valueType, `${path}[]`);
    } else if (def.type === "tuple") {
      for (const [i, item] of (def.items as unknown[]).entries()) walk(item, `${path}[${i}]`);
      if (def.rest) problems.push(`${path}: tuple with an unbounded rest`);
    } else if (def.type === "union") {
      for (const [i, option] of (def.options as unknown[]).entries()) walk(option, `${path}<${i}>`);
    } else if (def.type === "intersection") {
      walk(def.left, path);
      walk(def.right, path);
    } else if (def.type === "record" || def.type === "map") {
      walk(def.keyType, `${path}{key}`);
      walk(def.valueType, `${path}{value}`);
    } else if (def.type === "pipe") {
      walk(def.in, path);
      // After a preprocess the raw input reaches the second schema; otherwise it only sees checked output.
      if (defOf(def.in).type === "transform") walk(def.out, path);
    } else if (def.type === "lazy") {
      walk((def.getter as () => unknown)(), path);
    } else if (WRAPPERS.has(def.type)) {
      walk(def.innerType, path);
    } else if (def.type === "any" || def.type === "unknown") {
      problems.push(`${path}: ${def.type} accepts anything`);
    } else if (!LEAVES.has(def.type)) {
      problems.push(`${path}: zod type "${def.type}" is not known to this walk`);
    }
  };
  walk(schema, at);
  return problems;
};

interface Found {
  name: string;
  method: string;
  path: string;
  request: z.ZodType;
}

const SRC = fileURLToPath(new URL(".", import.meta.url));
const sourceFiles = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return entry.name.endsWith(".ts") && !entry.name.endsWith(".test.ts") ? [full] : [];
  });

const isEndpoint = (value: unknown): value is Omit<Found, "name"> =>
  typeof value === "object" &&
  value !== null &&
  typeof (value as { method?: unknown }).method === "string" &&
  typeof (value as { path?: unknown }).path === "string" &&
  typeof (value as { request?: { _zod?: unknown } }).request?._zod === "object";

/** Every endpoint any contract module exports, whatever the file (new families are found without a list). */
const contractEndpoints = async (): Promise<Found[]> => {
  const found: Found[] = [];
  for (const file of sourceFiles(SRC)) {
    const module = (await import(file)) as Record<string, unknown>;
    for (const [exportName, value] of Object.entries(module)) {
      if (isEndpoint(value)) found.push({ ...value, name: `${relative(SRC, file)} ${exportName}` });
    }
  }
  return found;
};

describe("request schema limits", () => {
  it("bounds every string and array of every contract request, and checks strings for control characters", async () => {
    const endpoints = await contractEndpoints();
    // Discovery itself must work: far fewer would mean the walk looked at nothing.
    expect(endpoints.length).toBeGreaterThan(60);
    const problems = endpoints.flatMap((e) => requestTextProblems(e.request, `${e.name} (${e.method} ${e.path})`));
    expect(problems).toEqual([]);
  });

  it("covers the common request data", () => {
    expect(requestTextProblems(ZCommonData, "commonData")).toEqual([]);
  });

  it("flags an unbounded string, an unchecked string and an unbounded array wherever they sit", () => {
    const unbounded = z.string().check(TEXT_CHECKS.line);
    const unchecked = z.string().max(10);
    expect(requestTextProblems(z.object({ a: z.string() }))).toEqual([
      "request.a: string without a maximum length",
      "request.a: string without the control-character check (use ZText)",
    ]);
    expect(requestTextProblems(z.object({ a: unbounded.optional() }))).toEqual([
      "request.a: string without a maximum length",
    ]);
    expect(requestTextProblems(z.object({ a: unchecked.trim().default("") }))).toEqual([
      "request.a: string without the control-character check (use ZText)",
    ]);
    expect(requestTextProblems(z.object({ list: z.array(ZText(10)) }))).toEqual([
      "request.list: array without a maximum item count",
    ]);
    const nested = [
      z.object({ a: z.union([z.number(), z.string().max(5)]) }),
      z.object({ a: z.record(ZText(10), z.string().max(5)) }),
      z.object({ a: z.preprocess((v) => v, z.string().max(5).optional()) }),
      z.object({ a: z.lazy(() => z.object({ b: z.string().max(5) })) }),
      z.object({ a: z.array(z.object({ b: z.string().max(5) })).max(3) }),
      z.object({ a: z.tuple([z.number(), z.string().max(5)]) }),
      z.object({ a: z.object({ b: z.number() }).and(z.object({ c: z.string().max(5) })) }),
      z.object({ a: z.string().max(5).nullable().readonly() }),
      z.object({ a: z.string().max(5) }).refine(() => true),
    ];
    for (const schema of nested) expect(requestTextProblems(schema)).toHaveLength(1);
    expect(requestTextProblems(z.object({ a: z.unknown() }))).toEqual(["request.a: unknown accepts anything"]);
  });

  it("accepts ZText however it is chained", () => {
    const schema = z.object({
      a: ZText(10)
        .min(1)
        .refine((v) => v !== "x"),
      b: ZText(10, { multiline: true }).default(""),
      c: z.array(ZText(10)).max(5).optional(),
      d: z.preprocess((v) => v, ZText(10).optional()),
    });
    expect(requestTextProblems(schema)).toEqual([]);
  });
});

describe("ZText", () => {
  it("refuses C0 controls and DEL on a line, and allows only tab and line breaks in multi-line text", () => {
    const line = ZText(100);
    const text = ZText(100, { multiline: true });
    for (const bad of ["a\u0000b", "a\u0001b", "a\u001fb", "a\u007fb", "a\tb", "a\nb", "a\rb"]) {
      expect(line.safeParse(bad).error?.issues[0]?.message).toBe("controlCharacters");
    }
    for (const bad of ["a\u0000b", "a\u000bb", "a\u000cb", "a\u001bb", "a\u007fb"]) {
      expect(text.safeParse(bad).error?.issues[0]?.message).toBe("controlCharacters");
    }
    expect(text.parse("First line\r\nsecond\tline\n")).toBe("First line\r\nsecond\tline");
    // Line and paragraph separators are ordinary characters.
    expect(line.parse("a\u2028b\u2029c")).toBe("a\u2028b\u2029c");
    expect(line.parse("  Zürich 北京  ")).toBe("Zürich 北京");
    expect(hasControlCharacters("\u0085")).toBe(false);
  });

  it("caps the length with a message the server and the forms can name", () => {
    expect(ZText(3).safeParse("abcd").error?.issues[0]?.message).toBe("tooLong");
    expect(ZText(3, { tooLong: "noteTooLong" }).safeParse("abcd").error?.issues[0]?.message).toBe("noteTooLong");
    expect(ZText(3).parse("  abc  ")).toBe("abc");
    expect(ZText(3, { trim: false }).safeParse(" abc").success).toBe(false);
  });
});
