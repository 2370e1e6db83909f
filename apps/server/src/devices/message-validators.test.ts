import { readFileSync } from "node:fs";
import { DEVICE_MESSAGE_SCHEMAS } from "@vrf/contract/device/messages.ts";
import { DEVICE_TOPICS, type TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import { describe, expect, it } from "vitest";
import { z } from "zod";
import { checkedJsonSchema, createMessageValidators } from "./message-validators.ts";

/**
 * The compiled checks must take exactly what the contract's zod schemas take. Every device
 * message of docs/device-protocol.md is varied at every field (another value of each kind, the
 * field removed, a field added) and each variant is put to both.
 */
const check = createMessageValidators();

const documented = (): { topic: TDeviceTopic; message: unknown }[] => {
  const text = readFileSync(new URL("../../../../docs/device-protocol.md", import.meta.url), "utf8");
  const blocks = [...text.matchAll(/```json\n([\s\S]*?)```/g)].map((m) => JSON.parse(m[1] as string) as unknown);
  return blocks.flatMap((message) => {
    const topic = DEVICE_TOPICS.find((t) => DEVICE_MESSAGE_SCHEMAS[t].safeParse(message).success);
    return topic ? [{ topic, message }] : [];
  });
};

/** Values of every kind, at the edges the device schemas draw (ranges, half degrees, steps). */
const REPLACEMENTS: unknown[] = [
  null,
  true,
  "",
  "x",
  "2.4.1",
  // Control characters: a NUL would make PostgreSQL refuse the batch.
  "2.4\u0000",
  "bus\tbusy",
  "\u007f",
  "raised",
  "550e8400-e29b-41d4-a716-446655440000",
  "550e8400-e29b-41d4-a716-44665544000g",
  -1,
  0,
  0.3,
  7,
  8,
  16,
  22.3,
  22.5,
  32.5,
  63,
  64,
  90,
  101,
  3001,
  // Device clocks: 2100-01-01 and just past it, then past what a JavaScript date holds.
  4_102_444_800_000,
  4_102_444_800_001,
  8.64e15 + 1,
  1e16,
  [],
  [1],
  [1, 2, 3],
  {},
];

type Path = (string | number)[];

const leaves = (value: unknown, path: Path = []): Path[] => {
  if (Array.isArray(value)) return [path, ...value.flatMap((v, i) => leaves(v, [...path, i]))];
  if (value && typeof value === "object")
    return [path, ...Object.entries(value).flatMap(([k, v]) => leaves(v, [...path, k]))];
  return [path];
};

const REMOVE = Symbol("remove");
/** An unknown field in an object; one more element in an array (past a tuple's or a list's length). */
const ADD = Symbol("add");

const get = (value: unknown, path: Path): unknown =>
  path.reduce<unknown>((v, key) => (v as Record<string | number, unknown>)[key], value);

/** `value` with the node at `path` replaced, removed or added to; null where that means nothing. */
const varied = (value: unknown, path: Path, to: unknown): unknown => {
  const copy = structuredClone(value);
  if (to === ADD) {
    const node = get(copy, path);
    if (Array.isArray(node)) node.push(structuredClone(node[node.length - 1] ?? 1));
    else if (node && typeof node === "object") (node as Record<string, unknown>).extra = 1;
    else return null;
    return copy;
  }
  if (path.length === 0) return to === REMOVE ? null : to;
  const parent = get(copy, path.slice(0, -1)) as Record<string | number, unknown>;
  const last = path[path.length - 1] as string | number;
  if (to !== REMOVE) parent[last] = to;
  else if (Array.isArray(parent)) parent.splice(last as number, 1);
  else delete parent[last];
  return copy;
};

describe("compiled device message checks", () => {
  const examples = documented();

  it("find a documented example of every device topic", () => {
    expect(new Set(examples.map((e) => e.topic))).toEqual(new Set(DEVICE_TOPICS));
  });

  it("take the documented examples, handing on the message itself", () => {
    for (const { topic, message } of examples) expect(check(topic, message)).toEqual({ ok: true, message });
  });

  it("agree with the zod schemas on every variant of every field", () => {
    let variants = 0;
    let refused = 0;
    for (const { topic, message } of examples) {
      for (const path of leaves(message)) {
        for (const to of [...REPLACEMENTS, REMOVE, ADD]) {
          const variant = varied(message, path, to);
          if (variant === null) continue;
          const zod = DEVICE_MESSAGE_SCHEMAS[topic].safeParse(variant).success;
          const result = check(topic, variant);
          if (result.ok !== zod)
            throw new Error(`${topic} ${JSON.stringify(variant)}: zod ${zod}, compiled ${result.ok}`);
          variants++;
          if (!zod) refused++;
        }
      }
    }
    // Most variants are refused, and some are taken: the comparison is not of one answer.
    expect(refused).toBeGreaterThan(variants / 2);
    expect(variants - refused).toBeGreaterThan(50);
  });

  it("say what was wrong in zod's words", () => {
    const progress = examples.find((e) => e.topic === "progress")?.message as object;
    expect(check("progress", { ...progress, step: 85 })).toEqual({ ok: false, path: "step", reason: "unknownStep" });
    const telemetry = examples.find((e) => e.topic === "telemetry")?.message as { indoor: object[] };
    const indoor = [{ ...telemetry.indoor[0], setTempC: 22.3 }];
    expect(check("telemetry", { ...telemetry, indoor })).toEqual({
      ok: false,
      path: "indoor.0.setTempC",
      reason: "halfDegrees",
    });
    const ack = examples.find((e) => e.topic === "ack")?.message as object;
    expect(check("ack", { ...ack, reason: "bus\u0000busy" })).toEqual({
      ok: false,
      path: "reason",
      reason: "controlCharacters",
    });
  });

  it("refuse a device schema its JSON Schema could not state in full", () => {
    expect(() => checkedJsonSchema(z.object({ n: z.number().refine((n) => n % 3 === 0) }), "refined")).toThrow(
      "the refined schema has a refinement",
    );
    expect(() => checkedJsonSchema(z.object({ n: z.string().transform(Number) }), "parsed")).toThrow(
      "the parsed schema has a pipe",
    );
    expect(() => checkedJsonSchema(z.object({ n: z.number().default(1) }), "defaulted")).toThrow(
      "the defaulted schema has a default",
    );
  });
});
