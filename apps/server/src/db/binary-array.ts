/**
 * A one-dimensional PostgreSQL array in its binary form (what `array_send` writes), for a
 * parameter cast in SQL to the same type (`$1::real[]`). node-postgres and PGlite send a Buffer
 * parameter as binary, and PostgreSQL reads it with `array_recv`: no number is written as
 * text here or parsed back there.
 *
 * The device link sends each batch's unit values this way: some forty thousand numbers a batch,
 * where writing the text form was a seventh of the gateway's busy time at 8,000 msg/s and parsing
 * it a fifth of the telemetry statement's.
 */
export type BinaryArrayType = "smallint" | "integer" | "bigint" | "real" | "boolean" | "text" | "timestamptz" | "bytea";

export type BinaryElement = number | string | boolean | Date | Uint8Array | null | undefined;

/** Microseconds between the Unix epoch and PostgreSQL's (2000-01-01 UTC). */
const POSTGRES_EPOCH_US = 946_684_800_000_000;
const TWO_32 = 2 ** 32;

/** A 64-bit integer from a number (exact up to 2^53), as two 32-bit halves. */
const writeInt64 = (view: DataView, offset: number, value: number) => {
  const high = Math.floor(value / TWO_32);
  view.setInt32(offset, high);
  view.setUint32(offset + 4, value - high * TWO_32);
};

/** An integer the type holds; anything else is unknown (NULL), as the text form would refuse it. */
const isInteger = (v: BinaryElement, limit: number): v is number =>
  typeof v === "number" && Number.isInteger(v) && Math.abs(v) <= limit;
const isInstant = (v: BinaryElement): v is Date => v instanceof Date && Number.isFinite(v.getTime());

/**
 * Writes `values` from `offset` on, each as its length word and its bytes (or -1: NULL), and
 * returns where it stopped. One loop per type: a batch encodes some forty thousand values, and a
 * loop shared by every type calls each type's functions at one site, which the engine cannot
 * inline there (a fifth of the batch writer's own time went to that).
 */
type Fill = (view: DataView, offset: number, values: readonly BinaryElement[]) => number;

const NULL_LENGTH = -1;

const FILLS = {
  smallint: (view, offset, values) => {
    for (const v of values) {
      if (isInteger(v, 32_767)) {
        view.setInt32(offset, 2);
        view.setInt16(offset + 4, v);
        offset += 6;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
  integer: (view, offset, values) => {
    for (const v of values) {
      if (isInteger(v, 2_147_483_647)) {
        view.setInt32(offset, 4);
        view.setInt32(offset + 4, v);
        offset += 8;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
  bigint: (view, offset, values) => {
    for (const v of values) {
      if (isInteger(v, Number.MAX_SAFE_INTEGER)) {
        view.setInt32(offset, 8);
        writeInt64(view, offset + 4, v);
        offset += 12;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
  // The contract admits finite numbers only; anything else is stored as unknown.
  real: (view, offset, values) => {
    for (const v of values) {
      if (typeof v === "number" && Number.isFinite(v)) {
        view.setInt32(offset, 4);
        view.setFloat32(offset + 4, v);
        offset += 8;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
  boolean: (view, offset, values) => {
    for (const v of values) {
      if (typeof v === "boolean") {
        view.setInt32(offset, 1);
        view.setUint8(offset + 4, v ? 1 : 0);
        offset += 5;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
  timestamptz: (view, offset, values) => {
    for (const v of values) {
      if (isInstant(v)) {
        view.setInt32(offset, 8);
        writeInt64(view, offset + 4, v.getTime() * 1000 - POSTGRES_EPOCH_US);
        offset += 12;
      } else {
        view.setInt32(offset, NULL_LENGTH);
        offset += 4;
      }
    }
    return offset;
  },
} satisfies Record<string, Fill>;

/** The types whose values differ in length: measured first, then written. */
const VARIABLE = {
  text: {
    size: (v: BinaryElement) => (typeof v === "string" ? Buffer.byteLength(v) : NULL_LENGTH),
    write: (buffer: Buffer, offset: number, v: BinaryElement) => buffer.write(v as string, offset),
  },
  bytea: {
    size: (v: BinaryElement) => (v instanceof Uint8Array ? v.length : NULL_LENGTH),
    write: (buffer: Buffer, offset: number, v: BinaryElement) => buffer.set(v as Uint8Array, offset),
  },
};

const OIDS: Record<BinaryArrayType, number> = {
  smallint: 21,
  integer: 23,
  bigint: 20,
  real: 700,
  boolean: 16,
  text: 25,
  timestamptz: 1184,
  bytea: 17,
};
/** Bytes of a value of a fixed-width type. */
const WIDTHS = { smallint: 2, integer: 4, bigint: 8, real: 4, boolean: 1, timestamptz: 8 } as const;

/**
 * An array of the given dimensions (each with lower bound 1) over `values`, in row-major order;
 * no dimensions: the empty array.
 */
const encodeArray = (
  type: BinaryArrayType,
  dimensions: readonly number[],
  values: readonly BinaryElement[],
): Buffer => {
  if (values.length === 0) {
    const empty = Buffer.alloc(12);
    empty.writeInt32BE(OIDS[type], 8);
    return empty;
  }
  const header = 12 + 8 * dimensions.length;
  let end: number;
  let buffer: Buffer;
  let view: DataView;
  let nulls: boolean;
  if (type === "text" || type === "bytea") {
    const codec = VARIABLE[type];
    let bytes = header;
    for (const value of values) bytes += 4 + Math.max(0, codec.size(value));
    buffer = Buffer.allocUnsafe(bytes);
    view = new DataView(buffer.buffer, buffer.byteOffset, bytes);
    end = header;
    nulls = false;
    for (const value of values) {
      const size = codec.size(value);
      view.setInt32(end, size);
      end += 4;
      if (size >= 0) {
        codec.write(buffer, end, value);
        end += size;
      } else nulls = true;
    }
  } else {
    // Room for every value; a NULL takes only its length word, so the array ends short of it.
    const bytes = header + values.length * (4 + WIDTHS[type]);
    buffer = Buffer.allocUnsafe(bytes);
    view = new DataView(buffer.buffer, buffer.byteOffset, bytes);
    end = FILLS[type](view, header, values);
    nulls = end < bytes;
  }
  view.setInt32(0, dimensions.length);
  view.setInt32(4, nulls ? 1 : 0);
  view.setInt32(8, OIDS[type]);
  dimensions.forEach((length, d) => {
    view.setInt32(12 + 8 * d, length);
    view.setInt32(16 + 8 * d, 1); // lower bound
  });
  return end === buffer.length ? buffer : buffer.subarray(0, end);
};

/** The binary array of `f` over `rows`. */
export const binaryArrayOf = <T>(rows: readonly T[], type: BinaryArrayType, f: (row: T) => BinaryElement): Buffer => {
  const values: BinaryElement[] = new Array(rows.length);
  for (let i = 0; i < rows.length; i++) values[i] = f(rows[i] as T);
  return encodeArray(type, [rows.length], values);
};

export const binaryArray = (type: BinaryArrayType, values: readonly BinaryElement[]): Buffer =>
  encodeArray(type, [values.length], values);

/**
 * A two-dimensional array in binary form, a row per element of `rows` and a column per function
 * of `columns` (`$1::real[]` reads it as `[row][column]`); no rows: the empty array.
 */
export const binaryMatrixOf = <T>(
  rows: readonly T[],
  type: BinaryArrayType,
  columns: readonly ((row: T) => BinaryElement)[],
): Buffer => {
  const k = columns.length;
  const values: BinaryElement[] = new Array(rows.length * k);
  for (let i = 0; i < rows.length; i++)
    for (let j = 0; j < k; j++) values[i * k + j] = (columns[j] as (row: T) => BinaryElement)(rows[i] as T);
  return encodeArray(type, [rows.length, k], values);
};
