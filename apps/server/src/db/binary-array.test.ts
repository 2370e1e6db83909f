import { PGlite } from "@electric-sql/pglite";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { binaryArray, binaryArrayOf, binaryMatrixOf } from "./binary-array.ts";

/** What PostgreSQL reads from each array, written back as text (its own rendering, not ours). */
describe("binaryArray", () => {
  // Started before the tests, with time of its own: a busy machine takes seconds to start it.
  let db: PGlite;
  beforeAll(async () => {
    db = await PGlite.create();
  }, 60_000);
  afterAll(() => db.close());
  const read = async (type: string, param: Buffer) =>
    (await db.query<{ v: string }>(`SELECT ($1::${type}[])::text AS v`, [param])).rows[0]?.v;

  it("carries integers of each width, negative ones and the largest", async () => {
    expect(await read("smallint", binaryArray("smallint", [0, -1, 32_767, -32_767, 7]))).toBe("{0,-1,32767,-32767,7}");
    expect(await read("integer", binaryArray("integer", [2_147_483_647, -5, 0]))).toBe("{2147483647,-5,0}");
    expect(
      await read(
        "bigint",
        binaryArray("bigint", [Number.MAX_SAFE_INTEGER, -Number.MAX_SAFE_INTEGER, -1, 4_294_967_296]),
      ),
    ).toBe("{9007199254740991,-9007199254740991,-1,4294967296}");
  });

  it("stores what the type cannot hold as unknown, as the text form's refusal would keep out", async () => {
    expect(await read("smallint", binaryArray("smallint", [1.5, 40_000, null, undefined, "3", 2]))).toBe(
      "{NULL,NULL,NULL,NULL,NULL,2}",
    );
    expect(await read("real", binaryArray("real", [Number.NaN, Number.POSITIVE_INFINITY, 2.5]))).toBe(
      "{NULL,NULL,2.5}",
    );
  });

  it("carries reals as PostgreSQL rounds them, booleans and text of any script", async () => {
    expect(await read("real", binaryArray("real", [22.5, -0.1, 2.71, 3000]))).toBe("{22.5,-0.1,2.71,3000}");
    expect(await read("boolean", binaryArray("boolean", [true, false, null]))).toBe("{t,f,NULL}");
    expect(await read("text", binaryArray("text", ["cooling", "", 'a "b",c', "制冷", null]))).toBe(
      '{cooling,"","a \\"b\\",c",制冷,NULL}',
    );
  });

  it("carries bytes as they are, the empty string of bytes and unknown", async () => {
    const bytes = [Uint8Array.from([0, 255, 16]), Buffer.from("ab"), new Uint8Array(0), null];
    expect(await read("bytea", binaryArray("bytea", bytes))).toBe('{"\\\\x00ff10","\\\\x6162","\\\\x",NULL}');
  });

  it("carries instants to the millisecond, before PostgreSQL's epoch too", async () => {
    const at = [new Date("2026-11-27T18:30:01.123Z"), new Date("1999-12-31T23:59:59.999Z")];
    const rows = await db.query<{ v: Date[] }>("SELECT $1::timestamptz[] AS v", [binaryArray("timestamptz", at)]);
    expect(rows.rows[0]?.v.map((d) => d.toISOString())).toEqual(at.map((d) => d.toISOString()));
  });

  it("writes the empty array, and slices like any array", async () => {
    expect(await read("real", binaryArray("real", []))).toBe("{}");
    const slice = await db.query<{ v: string }>("SELECT (($1::smallint[])[2:3])::text AS v", [
      binaryArrayOf([{ a: 1 }, { a: 2 }, { a: 3 }], "smallint", (r) => r.a * 10),
    ]);
    expect(slice.rows[0]?.v).toBe("{20,30}");
  });

  it("writes a matrix a row per element, whose ranges of rows slice as a report's units", async () => {
    const units = [
      { hz: 50, p: 2.5 },
      { hz: 61.5, p: Number.NaN },
      { hz: 0, p: 0.9 },
    ];
    const matrix = binaryMatrixOf(units, "real", [(u) => u.hz, (u) => u.p]);
    expect(await read("real", matrix)).toBe("{{50,2.5},{61.5,NULL},{0,0.9}}");
    const parts = await db.query<{ rows: string; none: string; one: string }>(
      "SELECT (($1::real[])[2:3])::text AS rows, (($1::real[])[3:2])::text AS none, ($1::real[])[3][2]::text AS one",
      [matrix],
    );
    expect(parts.rows[0]).toEqual({ rows: "{{61.5,NULL},{0,0.9}}", none: "{}", one: "0.9" });
    expect(await read("smallint", binaryMatrixOf([], "smallint", [() => 1]))).toBe("{}");
  });
});
