import { PGlite } from "@electric-sql/pglite";
import { describe, expect, it } from "vitest";
import { arrayLiteral, arrayLiteralOf, nestedArrayLiteralOf } from "./array-literal.ts";

describe("arrayLiteral", () => {
  it("writes numbers, booleans and nulls bare", () => {
    expect(arrayLiteral([1, -2.5, 0, 10n, true, false, null, undefined])).toBe("{1,-2.5,0,10,t,f,NULL,NULL}");
  });

  it("stores what is not a finite number as unknown", () => {
    expect(arrayLiteral([Number.NaN, Number.POSITIVE_INFINITY])).toBe("{NULL,NULL}");
  });

  it("quotes strings and escapes their quotes and backslashes", () => {
    expect(arrayLiteral(["cooling", 'a "b"', "c\\d", "", "NULL", "x,y}"])).toBe(
      '{"cooling","a \\"b\\"","c\\\\d","","NULL","x,y}"}',
    );
  });

  it("writes an empty array", () => {
    expect(arrayLiteral([])).toBe("{}");
    expect(arrayLiteralOf([], () => 1)).toBe("{}");
  });

  it("maps rows straight into a literal", () => {
    expect(arrayLiteralOf([{ a: 1 }, { a: 2 }], (r) => r.a * 2)).toBe("{2,4}");
  });
});

describe("nestedArrayLiteralOf", () => {
  const rows = [{ units: [1, 2.5, null] }, { units: [] }, { units: [-3] }];

  it("writes one array literal per row inside a text array", () => {
    expect(
      nestedArrayLiteralOf(
        rows,
        (r) => r.units,
        (u) => u,
      ),
    ).toBe('{"{1,2.5,NULL}","{}","{-3}"}');
    expect(
      nestedArrayLiteralOf(
        [],
        (r: { units: number[] }) => r.units,
        (u) => u,
      ),
    ).toBe("{}");
  });

  it("reads back in PostgreSQL as the same arrays, text with quotes, backslashes and commas included", async () => {
    const db = new PGlite();
    try {
      const texts = [{ v: ["cooling", 'a "b"', "c\\d", "x,y}", "NULL", ""] }, { v: [] }, { v: [null, "{z}"] }];
      const { rows: read } = await db.query<{ a: string[] | null; b: number[] | null }>(
        "SELECT a::text[] AS a, b::real[] AS b FROM unnest($1::text[], $2::text[]) AS x(a, b)",
        [
          nestedArrayLiteralOf(
            texts,
            (r) => r.v,
            (s) => s,
          ),
          nestedArrayLiteralOf(
            rows,
            (r) => r.units,
            (u) => u,
          ),
        ],
      );
      expect(read.map((r) => r.a)).toEqual(texts.map((r) => r.v));
      expect(read.map((r) => r.b)).toEqual(rows.map((r) => r.units));
    } finally {
      await db.close();
    }
  });
});
