import { isDeepStrictEqual } from "node:util";
import fastJson from "fast-json-stringify";
import type { FastifyBaseLogger, FastifySerializerCompiler } from "fastify";
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from "fastify-type-provider-zod";
import { z } from "zod";
import type * as core from "zod/v4/core";

/**
 * Response serialisation compiled once per route.
 *
 * Each route's response schema (the envelope around the endpoint's data) is turned into a JSON
 * Schema for fast-json-stringify when the route is registered. The compiled function writes only
 * the schema's properties, so a field outside the contract never reaches the client, and writes
 * each value as its schema's type.
 *
 * What the compiled form cannot reproduce exactly falls back, for that route only, to the zod path
 * (`z.safeEncode` + `JSON.stringify`, what fastify-type-provider-zod does): transforms, pipes and
 * codecs, checks that rewrite a value (`trim`, `toLowerCase`), coercion other than to number or
 * boolean, intersections, tuples with a rest or with items of no single type, and the types JSON
 * has no form for (bigint, map, set, custom, …). The routes that fall back are logged at debug level
 * when the app starts.
 *
 * Checked mode (tests and development) encodes every answer through zod as well: a value that does
 * not match its contract is refused (500) as before, and an answer the compiled serializer writes
 * differently from zod fails the request too, so the API tests prove both paths agree. Unchecked
 * (production), the compiled serializer alone runs: it strips unknown fields and coerces a wrong
 * value to its declared type (null → "" / 0 / {} / [], "12" → 12) rather than refusing it; a missing
 * required field or a value that cannot become its type (an object for a number) is still a 500.
 */

/** The JSON Schema fast-json-stringify reads (draft-07 tuples, OpenAPI `nullable`). */
export type JsonSchema = { [keyword: string]: unknown };

export type SerializerSchema = { schema: JsonSchema } | { problems: string[] };

interface Walk {
  problems: string[];
  definitions: Record<string, JsonSchema>;
  lazy: Map<core.$ZodType, string>;
}

type Path = readonly (string | number)[];

const at = (path: Path) => (path.length === 0 ? "(root)" : path.join("."));

/** Checks that replace the value (`trim`, `toLowerCase`, `normalize`, `overwrite`) run on encode too. */
const rewritesValue = (schema: core.$ZodType) =>
  (schema._zod.def.checks ?? []).some((check) => check._zod.def.check === "overwrite");

/** Literal values as JSON Schema; `undefined`, bigint and symbol have no JSON form. */
function literal(values: readonly unknown[], path: Path, walk: Walk): JsonSchema {
  const byType = new Map<string, unknown[]>();
  let withNull = false;
  for (const value of values) {
    if (value === null) withNull = true;
    else if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") {
      const list = byType.get(typeof value) ?? [];
      list.push(value);
      byType.set(typeof value, list);
    } else {
      walk.problems.push(`${at(path)}: literal ${String(value)} has no JSON form`);
      return {};
    }
  }
  const options: JsonSchema[] = [...byType].map(([type, list]) => ({ type, enum: list }));
  const [only] = options;
  if (only === undefined) return { type: "null" };
  if (options.length === 1) return withNull ? nullable(only) : only;
  return { anyOf: withNull ? [...options, { type: "null" }] : options };
}

/** `null` besides the schema: fast-json-stringify's and Ajv's `nullable` where there is one type. */
function nullable(inner: JsonSchema): JsonSchema {
  if (Object.keys(inner).length === 0 || inner.type === "null" || inner.nullable === true) return inner;
  if (Array.isArray(inner.anyOf)) {
    return inner.anyOf.some((option: JsonSchema) => option.type === "null")
      ? inner
      : { ...inner, anyOf: [...inner.anyOf, { type: "null" }] };
  }
  if (typeof inner.type !== "string") return { anyOf: [inner, { type: "null" }] };
  return { ...inner, nullable: true, ...(Array.isArray(inner.enum) ? { enum: [...inner.enum, null] } : {}) };
}

/** A union of single-type enums of one type is one enum: no per-value Ajv check to pick a branch. */
function union(options: JsonSchema[]): JsonSchema {
  if (options.some((option) => Object.keys(option).length === 0)) return { anyOf: options };
  const plainEnum = (option: JsonSchema) =>
    Array.isArray(option.enum) && Object.keys(option).every((key) => ["type", "enum", "nullable"].includes(key));
  const withNull = options.some((option) => option.type === "null" || option.nullable === true);
  const rest = options.filter((option) => option.type !== "null");
  const [first] = rest;
  if (first === undefined) return { type: "null" };
  if (rest.length === 1) return withNull ? nullable(first) : first;
  if (rest.every((option) => plainEnum(option) && option.type === first.type)) {
    const values = new Set(rest.flatMap((option) => option.enum as unknown[]).filter((value) => value !== null));
    const merged: JsonSchema = { type: first.type, enum: [...values] };
    return withNull ? nullable(merged) : merged;
  }
  return { anyOf: withNull ? [...rest, { type: "null" }] : rest };
}

function convert(schema: core.$ZodType, path: Path, walk: Walk): JsonSchema {
  const problem = (what: string): JsonSchema => {
    walk.problems.push(`${at(path)}: ${what}`);
    return {};
  };
  if (rewritesValue(schema)) return problem("a check rewrites the value (trim, toLowerCase, overwrite)");
  const typed = schema as core.$ZodTypes;
  const def = typed._zod.def;
  switch (def.type) {
    case "string":
      return def.coerce ? problem("coerced string") : { type: "string" };
    case "template_literal":
      return { type: "string" };
    case "number":
      // "number", not "integer": fast-json-stringify would truncate 1.5 to 1 without a word.
      return { type: "number" };
    case "boolean":
      return { type: "boolean" };
    case "null":
      return { type: "null" };
    case "date":
      // What JSON.stringify writes for a Date (toISOString); fast-json-stringify writes the same.
      return def.coerce ? problem("coerced date") : { type: "string", format: "date-time" };
    case "any":
    case "unknown":
      return {};
    case "literal":
      return literal(def.values, path, walk);
    case "enum":
      return literal([...(typed._zod.values ?? [])], path, walk);
    case "nullable":
      return nullable(convert(def.innerType, path, walk));
    case "optional":
    case "nonoptional":
    case "default":
    case "prefault":
    case "readonly":
      // Encoding applies no default: a defaulted field is required in what a handler returns.
      return convert(def.innerType, path, walk);
    case "object": {
      const properties: Record<string, JsonSchema> = {};
      const required: string[] = [];
      for (const [key, field] of Object.entries(def.shape)) {
        properties[key] = convert(field, [...path, key], walk);
        if (field._zod.optout !== "optional") required.push(key);
      }
      const out: JsonSchema = { type: "object", properties };
      if (required.length > 0) out.required = required;
      // No `additionalProperties: false`: unknown keys are dropped all the same (only declared ones
      // are written), and Ajv, which picks a union's branch, must accept them as zod's strip does.
      const catchall = def.catchall;
      if (catchall && catchall._zod.def.type !== "never") {
        out.additionalProperties = convert(catchall, [...path, "*"], walk);
      }
      return out;
    }
    case "array":
      return { type: "array", items: convert(def.element, [...path, "*"], walk) };
    case "tuple": {
      if (def.rest) return problem("tuple with a rest element");
      const items = def.items.map((item, index) => convert(item, [...path, index], walk));
      // fast-json-stringify checks each tuple item against its `type`; it needs exactly one.
      if (items.some((item) => typeof item.type !== "string")) return problem("tuple item without one plain type");
      return { type: "array", items };
    }
    case "record": {
      const key = def.keyType as core.$ZodTypes;
      const stringKeys =
        ["string", "template_literal"].includes(key._zod.def.type) ||
        (["enum", "literal"].includes(key._zod.def.type) &&
          [...(key._zod.values ?? [])].every((value) => typeof value === "string"));
      if (!stringKeys || rewritesValue(key) || (key._zod.def.type === "string" && key._zod.def.coerce)) {
        return problem("record whose keys are not plain strings");
      }
      return { type: "object", additionalProperties: convert(def.valueType, [...path, "*"], walk) };
    }
    case "union":
      return union(def.options.map((option) => convert(option, path, walk)));
    case "lazy": {
      let id = walk.lazy.get(schema);
      if (id === undefined) {
        id = `lazy${walk.lazy.size}`;
        walk.lazy.set(schema, id);
        walk.definitions[id] = convert((schema as core.$ZodLazy)._zod.innerType, path, walk);
      }
      return { $ref: `#/definitions/${id}` };
    }
    default:
      return problem(`${def.type} has no compiled form`);
  }
}

/** The fast-json-stringify schema for a zod schema, or why it cannot be written faithfully. */
export function toSerializerSchema(schema: core.$ZodType): SerializerSchema {
  const walk: Walk = { problems: [], definitions: {}, lazy: new Map() };
  const root = convert(schema, [], walk);
  if (walk.problems.length > 0) return { problems: walk.problems };
  return { schema: walk.lazy.size > 0 ? { ...root, definitions: walk.definitions } : root };
}

/** Where two parsed answers first differ ("data.list.3.name"), or undefined when they are equal. */
export function firstDifference(a: unknown, b: unknown, path: Path = []): string | undefined {
  if (isDeepStrictEqual(a, b)) return undefined;
  if (
    typeof a === "object" &&
    a !== null &&
    typeof b === "object" &&
    b !== null &&
    Array.isArray(a) === Array.isArray(b)
  ) {
    const left = a as Record<string, unknown>;
    const right = b as Record<string, unknown>;
    for (const key of new Set([...Object.keys(left), ...Object.keys(right)])) {
      const found = firstDifference(left[key], right[key], [...path, key]);
      if (found !== undefined) return found;
    }
  }
  return at(path);
}

/** Raised in checked mode when the compiled serializer and zod disagree on an answer. */
export class CompiledSerializerMismatch extends Error {
  readonly statusCode = 500;
  constructor(
    readonly method: string,
    readonly url: string,
    /** The first place the two answers differ. */
    readonly where: string,
  ) {
    super(`compiled response serializer of ${method} ${url} disagrees with the contract's zod encoding at ${where}`);
  }
}

export interface ResponseSerializerOptions {
  /** Encode every answer through zod too and compare; on in tests and development. */
  check: boolean;
  /** Where the routes that fall back to zod are reported (debug). */
  log?: FastifyBaseLogger;
}

/**
 * Whether answers are checked against their contract unless the app is told: under test
 * (vitest sets NODE_ENV=test) and in development, not in production (`npm start`).
 */
export const checkResponsesByDefault = (env: NodeJS.ProcessEnv = process.env): boolean =>
  env.NODE_ENV === "test" || env.NODE_ENV === "development";

const isZod = (schema: unknown): schema is core.$ZodType =>
  typeof schema === "object" && schema !== null && "_zod" in schema;

/** Builds the serializer of one zod response schema (see the top of this file). */
export function compileResponseSerializer(
  schema: core.$ZodType,
  route: { method: string; url: string },
  options: ResponseSerializerOptions,
): { serialize: (data: unknown) => string; compiled: boolean; problems: string[] } {
  const encode = (data: unknown) => {
    const result = z.safeEncode(schema, data as never);
    if (!result.success) throw new ResponseSerializationError(route.method, route.url, { cause: result.error });
    return result.data;
  };
  const viaZod = (data: unknown) => JSON.stringify(encode(data));

  const converted = toSerializerSchema(schema);
  let problems = "problems" in converted ? converted.problems : [];
  let fast: ((data: unknown) => string) | undefined;
  if ("schema" in converted) {
    try {
      fast = fastJson(converted.schema) as (data: unknown) => string;
    } catch (error) {
      problems = [`fast-json-stringify refused the schema: ${(error as Error).message}`];
    }
  }
  if (fast === undefined) {
    options.log?.debug({ route: `${route.method} ${route.url}`, problems }, "response serialised through zod");
    return { serialize: viaZod, compiled: false, problems };
  }
  if (!options.check) return { serialize: fast, compiled: true, problems: [] };

  const compiled = fast;
  return {
    compiled: true,
    problems: [],
    serialize: (data) => {
      const expected = JSON.stringify(encode(data));
      const written = compiled(data);
      if (written === expected) return written;
      // Compared parsed, not as text: the compiled serializer writes required fields before optional ones.
      const where =
        written === undefined || expected === undefined
          ? at([])
          : firstDifference(JSON.parse(written), JSON.parse(expected));
      if (where !== undefined) throw new CompiledSerializerMismatch(route.method, route.url, where);
      return written;
    },
  };
}

/** `app.setSerializerCompiler(...)`: zod response schemas compiled; anything else as the zod provider does. */
export const createResponseSerializerCompiler =
  (options: ResponseSerializerOptions): FastifySerializerCompiler<unknown> =>
  (routeSchema) => {
    const { schema, method, url } = routeSchema;
    if (!isZod(schema)) return zodSerializerCompiler(routeSchema as Parameters<typeof zodSerializerCompiler>[0]);
    return compileResponseSerializer(schema, { method, url }, options).serialize;
  };
