import { z } from "zod";
import { ZText } from "../rules.ts";

/** Limits of one import: the upload, the rows it may hold, and the rows one commit call carries. */
export const IMPORT_MAX_FILE_BYTES = 10 * 1024 * 1024;
export const IMPORT_MAX_ROWS = 20_000;
export const IMPORT_CHUNK_ROWS = 500;

export const IMPORT_DEVICE_KINDS = ["himit", "hidom", "smarttouch", "checker"] as const;
export type TImportDeviceKind = (typeof IMPORT_DEVICE_KINDS)[number];

export const IMPORT_CHECKER_TYPES = ["temporary", "stationary"] as const;
export type TImportCheckerType = (typeof IMPORT_CHECKER_TYPES)[number];

/** The template's columns, in order. The first four are required. */
export const IMPORT_COLUMNS = [
  "kind",
  "deviceCode",
  "serialNumber",
  "projectCode",
  "model",
  "firmware",
  "alias",
  "installDate",
  "checkerType",
] as const;
export type TImportColumn = (typeof IMPORT_COLUMNS)[number];
export const REQUIRED_IMPORT_COLUMNS: readonly TImportColumn[] = ["kind", "deviceCode", "serialNumber", "projectCode"];

export const IMPORT_FIELD_MAX: Record<TImportColumn, number> = {
  kind: 32,
  deviceCode: 64,
  serialNumber: 64,
  projectCode: 64,
  model: 64,
  firmware: 32,
  alias: 50,
  installDate: 32,
  checkerType: 32,
};

/**
 * Why a row cannot be imported. The server sends the code (and the column or
 * the first row it repeats); the web owns the texts in both languages.
 */
export const IMPORT_REASONS = [
  "required",
  "tooLong",
  "badFormat",
  "unknownKind",
  "badDate",
  "futureDate",
  "checkerTypeRequired",
  "checkerTypeNotApplicable",
  "unknownCheckerType",
  "duplicateSerialInFile",
  "duplicateDeviceIdInFile",
  "serialRegistered",
  "deviceIdRegistered",
  "unknownProject",
] as const;
export const ZImportReason = z.object({
  code: z.enum(IMPORT_REASONS),
  column: z.enum(IMPORT_COLUMNS).optional(),
  /** For a repeat inside the file: the row it repeats. */
  firstRow: z.number().int().optional(),
});
export type TImportReason = z.output<typeof ZImportReason>;

/**
 * "ok" rows will be imported; "registered" rows carry a serial number that is
 * already registered and are skipped (so running a file twice adds nothing);
 * "error" rows have at least one reason to fix.
 */
export const IMPORT_ROW_STATUSES = ["ok", "registered", "error"] as const;
export type TImportRowStatus = (typeof IMPORT_ROW_STATUSES)[number];

/** Longer cell values are cut to this before they travel (the row is refused as too long anyway). */
export const IMPORT_CELL_MAX = 256;
const cell = () => ZText(IMPORT_CELL_MAX, { trim: false }).default("");

/**
 * One data row as the user wrote it, values trimmed; for good rows the kind,
 * checker type and install date are normalised ("Hi-Mit" -> "himit", dates as YYYY-MM-DD).
 */
export const ZImportRow = z.object({
  /** The row number in the spreadsheet (the header is row 1 in the template). */
  row: z.number().int().min(1),
  kind: cell(),
  deviceCode: cell(),
  serialNumber: cell(),
  projectCode: cell(),
  model: cell(),
  firmware: cell(),
  alias: cell(),
  installDate: cell(),
  checkerType: cell(),
});
export type TImportRow = z.output<typeof ZImportRow>;
export type TImportRowInput = z.input<typeof ZImportRow>;

export const ZCheckedImportRow = ZImportRow.extend({
  status: z.enum(IMPORT_ROW_STATUSES),
  reasons: z.array(ZImportReason),
  /** The project's name when the project ID was found in the caller's scope. */
  projectName: z.string().nullable(),
});
export type TCheckedImportRow = z.output<typeof ZCheckedImportRow>;
