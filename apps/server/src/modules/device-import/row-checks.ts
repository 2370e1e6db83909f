import {
  IMPORT_FIELD_MAX,
  REQUIRED_IMPORT_COLUMNS,
  type TCheckedImportRow,
  type TImportCheckerType,
  type TImportColumn,
  type TImportDeviceKind,
  type TImportReason,
  type TImportRow,
} from "@vrf/contract/device-import/rows.ts";
import { isInstallDate, isValidAlias, isValidDeviceCode, isValidSerialNumber } from "@vrf/contract/devices/checkers.ts";
import { hasControlCharacters, hasSpecialOrChinese, hasSpecialOrWhitespace } from "@vrf/contract/rules.ts";

const compact = (text: string) => text.toLowerCase().replace(/[^\p{L}\p{N}]/gu, "");

const KIND_NAMES: Record<string, TImportDeviceKind> = {
  himit: "himit",
  hidom: "hidom",
  smarttouch: "smarttouch",
  checker: "checker",
  hichecker: "checker",
};

const CHECKER_TYPE_NAMES: Record<string, TImportCheckerType> = {
  temporary: "temporary",
  temp: "temporary",
  临时: "temporary",
  临时使用: "temporary",
  stationary: "stationary",
  fixed: "stationary",
  固定: "stationary",
  固定使用: "stationary",
  常驻: "stationary",
};

/** "Hi-Mit", "HI MIT", "himit" -> "himit"; undefined when it names no kind. */
export const parseKind = (text: string): TImportDeviceKind | undefined => KIND_NAMES[compact(text)];

export const parseCheckerType = (text: string): TImportCheckerType | undefined => CHECKER_TYPE_NAMES[compact(text)];

/**
 * Year first only (2026-03-01, 2026/3/1, 2026.03.01): a day-month order cannot
 * be told from a month-day one. Returns YYYY-MM-DD, or undefined for no real date.
 */
export const parseInstallDate = (text: string): string | undefined => {
  const match = /^(\d{4})[-/.](\d{1,2})[-/.](\d{1,2})(?:[ T]00:00(?::00(?:\.0+)?)?Z?)?$/.exec(text);
  if (!match) return undefined;
  const [, y, m, d] = match as unknown as [string, string, string, string];
  const iso = `${y}-${m.padStart(2, "0")}-${d.padStart(2, "0")}`;
  // The same rule as the registration form: a real day in a plausible range.
  return isInstallDate(iso) ? iso : undefined;
};

/** What each text column may hold besides its length (the "no special characters" helpers of SPEC section 5). */
const FORMAT: Partial<Record<TImportColumn, (value: string) => boolean>> = {
  deviceCode: isValidDeviceCode,
  serialNumber: isValidSerialNumber,
  projectCode: (v) => !hasSpecialOrWhitespace(v),
  model: (v) => !hasSpecialOrChinese(v),
  firmware: (v) => !hasSpecialOrWhitespace(v) && !hasSpecialOrChinese(v),
  alias: isValidAlias,
};

export interface FieldCheck {
  row: TImportRow;
  reasons: TImportReason[];
}

/** Checks one row on its own and normalises kind, checker type and date where they are valid. */
export const checkFields = (input: TImportRow, today: string): FieldCheck => {
  const reasons: TImportReason[] = [];
  const row = { ...input };
  for (const column of Object.keys(IMPORT_FIELD_MAX) as TImportColumn[]) {
    const value = row[column];
    if (value === "") {
      if (REQUIRED_IMPORT_COLUMNS.includes(column)) reasons.push({ code: "required", column });
    } else if (value.length > IMPORT_FIELD_MAX[column]) {
      reasons.push({ code: "tooLong", column });
    } else if (hasControlCharacters(value) || (FORMAT[column] && !FORMAT[column](value))) {
      // Control characters (a line break inside a cell, say) are refused in every column, as the commit call refuses them.
      reasons.push({ code: "badFormat", column });
    }
  }
  const failed = (column: TImportColumn) => reasons.some((r) => r.column === column);

  const kind = row.kind && !failed("kind") ? parseKind(row.kind) : undefined;
  if (kind) row.kind = kind;
  else if (row.kind && !failed("kind")) reasons.push({ code: "unknownKind", column: "kind" });

  if (row.installDate && !failed("installDate")) {
    const date = parseInstallDate(row.installDate);
    if (!date) reasons.push({ code: "badDate", column: "installDate" });
    else if (date > today) reasons.push({ code: "futureDate", column: "installDate" });
    else row.installDate = date;
  }

  if (kind === "checker") {
    if (!row.checkerType) reasons.push({ code: "checkerTypeRequired", column: "checkerType" });
    else if (!failed("checkerType")) {
      const type = parseCheckerType(row.checkerType);
      if (type) row.checkerType = type;
      else reasons.push({ code: "unknownCheckerType", column: "checkerType" });
    }
  } else if (kind && row.checkerType) {
    reasons.push({ code: "checkerTypeNotApplicable", column: "checkerType" });
  }
  return { row, reasons };
};

/** What the database knows about the rows' keys, fetched set-wise beforehand. */
export interface RegistryLookups {
  /** Lower-cased: a serial number is the same in any letter case. */
  registeredSerials: ReadonlySet<string>;
  /** `deviceIdKey(kind, code)` of device IDs already registered. */
  registeredDeviceIds: ReadonlySet<string>;
  /** Projects visible to the caller, by project ID. */
  projects: ReadonlyMap<string, { id: number; name: string }>;
}

export const deviceIdKey = (kind: string, code: string): string => `${kind}\u0000${code}`;

/**
 * Every row's status and reasons. A registered serial number makes a row
 * "registered" (skipped, so running a file twice adds nothing); otherwise any
 * reason makes it an error. Repeats inside the file point at the first row.
 */
export const checkRows = (
  rows: readonly TImportRow[],
  lookups: RegistryLookups,
  today: string,
): TCheckedImportRow[] => {
  const firstSerial = new Map<string, number>();
  const firstDeviceId = new Map<string, number>();
  return rows.map((input) => {
    const { row, reasons } = checkFields(input, today);
    const project = row.projectCode ? lookups.projects.get(row.projectCode) : undefined;
    const projectName = project?.name ?? null;
    const serialOk = row.serialNumber !== "" && !reasons.some((r) => r.column === "serialNumber");

    if (serialOk && lookups.registeredSerials.has(row.serialNumber.toLowerCase())) {
      return {
        ...row,
        status: "registered",
        reasons: [{ code: "serialRegistered", column: "serialNumber" }],
        projectName,
      };
    }
    if (serialOk) {
      const serialKey = row.serialNumber.toLowerCase();
      const first = firstSerial.get(serialKey);
      if (first === undefined) firstSerial.set(serialKey, row.row);
      else reasons.push({ code: "duplicateSerialInFile", column: "serialNumber", firstRow: first });
    }
    const kindOk = !reasons.some((r) => r.column === "kind") && row.kind !== "";
    if (kindOk && row.deviceCode !== "" && !reasons.some((r) => r.column === "deviceCode")) {
      const key = deviceIdKey(row.kind, row.deviceCode);
      const first = firstDeviceId.get(key);
      if (lookups.registeredDeviceIds.has(key)) reasons.push({ code: "deviceIdRegistered", column: "deviceCode" });
      else if (first === undefined) firstDeviceId.set(key, row.row);
      else reasons.push({ code: "duplicateDeviceIdInFile", column: "deviceCode", firstRow: first });
    }
    if (row.projectCode !== "" && !reasons.some((r) => r.column === "projectCode") && !project) {
      reasons.push({ code: "unknownProject", column: "projectCode" });
    }
    return { ...row, status: reasons.length > 0 ? "error" : "ok", reasons, projectName };
  });
};
