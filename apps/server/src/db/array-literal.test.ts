import { describe, expect, it } from "vitest";
import { arrayLiteral, arrayLiteralOf } from "./array-literal.ts";

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
