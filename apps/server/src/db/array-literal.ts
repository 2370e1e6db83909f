/**
 * A PostgreSQL array literal (`{1,2,NULL}`) for one parameter, cast in SQL (`$1::real[]`).
 *
 * The device link sends each batch's columns as arrays: tens of thousands of elements a second.
 * node-postgres turns a JavaScript array into text element by element with a generic escaper
 * (a tenth of the gateway's time in a profile at 5,000 msg/s); numbers and booleans need no
 * escaping at all, and strings only their quotes and backslashes.
 */
export type ArrayElement = number | bigint | string | boolean | null | undefined;

const quote = (text: string) => `"${text.replace(/["\\]/g, "\\$&")}"`;

export const element = (value: ArrayElement): string => {
  if (value === null || value === undefined) return "NULL";
  switch (typeof value) {
    case "number":
      // The contract admits finite numbers only; anything else is stored as unknown, not as text PostgreSQL refuses.
      return Number.isFinite(value) ? String(value) : "NULL";
    case "bigint":
      return String(value);
    case "boolean":
      return value ? "t" : "f";
    default:
      return quote(value);
  }
};

export const arrayLiteral = (values: readonly ArrayElement[]): string => {
  let out = "{";
  for (let i = 0; i < values.length; i++) {
    if (i > 0) out += ",";
    out += element(values[i]);
  }
  return `${out}}`;
};

/** The literal of `f` over `rows`, without an array in between (a batch has thousands of rows per column). */
export const arrayLiteralOf = <T>(rows: Iterable<T>, f: (row: T) => ArrayElement): string => {
  let out = "{";
  let first = true;
  for (const row of rows) {
    out += first ? element(f(row)) : `,${element(f(row))}`;
    first = false;
  }
  return `${out}}`;
};

/** A text value as an element of an array literal that is itself an element of another (escaped twice). */
const quoteTwice = (text: string) => `\\"${text.replace(/["\\]/g, "\\\\\\$&")}\\"`;

/**
 * A `text[]` literal whose elements are array literals, one per row, of `value` over the row's
 * `parts`, cast per element in SQL (`m.x::real[]`): arrays of different lengths per row, which
 * PostgreSQL's multidimensional arrays cannot hold. Written in one pass, without building each
 * inner literal and escaping it again.
 */
export const nestedArrayLiteralOf = <T, P>(
  rows: Iterable<T>,
  parts: (row: T) => readonly P[],
  value: (part: P) => ArrayElement,
): string => {
  let out = "{";
  let firstRow = true;
  for (const row of rows) {
    out += firstRow ? '"{' : ',"{';
    firstRow = false;
    const items = parts(row);
    for (let i = 0; i < items.length; i++) {
      const v = value(items[i] as P);
      const text = typeof v === "string" ? quoteTwice(v) : element(v);
      out += i === 0 ? text : `,${text}`;
    }
    out += '}"';
  }
  return `${out}}`;
};
