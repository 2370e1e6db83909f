import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { TCommitResult } from "@vrf/contract/device-import/commit.ts";
import type { TDryRunResult } from "@vrf/contract/device-import/dry-run.ts";
import type { TCheckedImportRow, TImportCheckerType, TImportRow } from "@vrf/contract/device-import/rows.ts";
import { Errors } from "@vrf/contract/errors.ts";
import { hasControlCharacters } from "@vrf/contract/rules.ts";
import { AppError } from "../../app-error.ts";
import type { Clock } from "../../clock.ts";
import { type Download, XLSX_CONTENT_TYPE } from "../../plugins/download-route.ts";
import { newCredentials } from "../device-link/device-credentials.service.ts";
import type { Scope } from "../scope/scope.service.ts";
import type { DeviceImportQueries, DeviceImportRepository } from "./device-import.repository.ts";
import { checkRows, deviceIdKey, parseKind, type RegistryLookups } from "./row-checks.ts";
import { readSpreadsheet, type UploadedFile } from "./spreadsheet-reader.ts";
import { buildTemplate, isExampleRow } from "./template-workbook.ts";

/** SPEC section 9: a temporary Hi-Checker has 200 MB; a stationary one keeps a year of data. */
const CHECKER_STORAGE_MB: Record<TImportCheckerType, number> = { temporary: 200, stationary: 4096 };

// The latest time zone is UTC+14: a date that is already today somewhere is not "in the future".
const LATEST_OFFSET_MS = 14 * 3_600_000;

/** Enough for any channel we know of while keeping the template small; more are still accepted on upload. */
const TEMPLATE_PROJECTS_MAX = 5000;

// A cell with a control character is refused by the row checks; PostgreSQL would fail on a NUL in a lookup.
const unique = (values: string[]) => [...new Set(values.filter((v) => v !== "" && !hasControlCharacters(v)))];

export const createDeviceImportService = (deps: { imports: DeviceImportRepository; clock: Clock }) => {
  const { imports, clock } = deps;
  const today = () => new Date(clock.now().getTime() + LATEST_OFFSET_MS).toISOString().slice(0, 10);

  /** Three set-wise queries, whatever the number of rows. */
  const lookups = async (queries: DeviceImportQueries, scope: Scope, rows: readonly TImportRow[]) => {
    const [serials, deviceIds, projects] = await Promise.all([
      queries.registeredSerials(unique(rows.map((r) => r.serialNumber))),
      queries.registeredDeviceIds(unique(rows.map((r) => r.deviceCode))),
      queries.projectsByCode(scope.organisationIds, unique(rows.map((r) => r.projectCode))),
    ]);
    return {
      registeredSerials: serials,
      registeredDeviceIds: new Set(deviceIds.map((d) => deviceIdKey(d.kind, d.code))),
      projects: new Map(projects.map((p) => [p.code, { id: p.id, name: p.name, organisationId: p.organisationId }])),
    } satisfies RegistryLookups;
  };

  // A device belongs to its project's organisation, so a sub-distributor sees what its parent imports for it.
  const deviceOf = (
    scope: Scope,
    row: TCheckedImportRow,
    project: { id: number; organisationId: number },
    now: Date,
  ) => {
    const kind = parseKind(row.kind) ?? "himit";
    const checkerType = kind === "checker" ? (row.checkerType as TImportCheckerType) : null;
    return {
      organisation_id: project.organisationId,
      project_id: project.id,
      kind,
      device_code: row.deviceCode,
      serial_number: row.serialNumber,
      alias: row.alias,
      model: row.model,
      firmware: row.firmware,
      checker_type: checkerType,
      storage_capacity_mb: checkerType ? CHECKER_STORAGE_MB[checkerType] : null,
      used_capacity_mb: checkerType ? 0 : null,
      install_date: row.installDate || null,
      admin_account_id: kind === "checker" ? scope.accountId : null,
      created_at: now,
      updated_at: now,
    };
  };

  return {
    async template(scope: Scope, language: LanguageCode): Promise<Download> {
      const projects = await imports.projectList(scope.organisationIds, TEMPLATE_PROJECTS_MAX);
      const { filename, body } = await buildTemplate(language, projects);
      return { filename, contentType: XLSX_CONTENT_TYPE, body };
    },

    /** Reads and checks a file; writes nothing. */
    async dryRun(scope: Scope, file: UploadedFile): Promise<TDryRunResult> {
      const read = await readSpreadsheet(file);
      const rows = read.filter((r) => !isExampleRow(r));
      if (rows.length === 0) throw new AppError(Errors.emptyFile);
      const checked = checkRows(rows, await lookups(imports, scope, rows), today());
      const count = (status: TCheckedImportRow["status"]) => checked.filter((r) => r.status === status).length;
      return {
        fileName: file.fileName,
        exampleRowsIgnored: read.length - rows.length,
        summary: { total: checked.length, ok: count("ok"), registered: count("registered"), error: count("error") },
        rows: checked,
      };
    },

    /**
     * Checks one chunk again inside a transaction and inserts its good rows
     * into their projects' organisations. Serial numbers registered meanwhile
     * (or by a concurrent import: the insert skips conflicts) count as skipped.
     */
    async commit(scope: Scope, rows: TImportRow[]): Promise<TCommitResult> {
      return imports.transaction(async (queries) => {
        const found = await lookups(queries, scope, rows);
        const checked = checkRows(rows, found, today());
        const good = checked.filter((r) => r.status === "ok");
        const now = clock.now();
        const written = await queries.insertDevices(
          good.map((r) =>
            deviceOf(scope, r, found.projects.get(r.projectCode) as { id: number; organisationId: number }, now),
          ),
        );
        const issued = newCredentials(written, now);
        await queries.credentials.insertMany(issued.rows, scope.accountId);
        return {
          imported: written.length,
          skipped: checked.filter((r) => r.status === "registered").length + (good.length - written.length),
          failed: checked.filter((r) => r.status === "error").map((r) => ({ row: r.row, reasons: r.reasons })),
          credentials: issued.credentials,
        };
      });
    },
  };
};

export type DeviceImportService = ReturnType<typeof createDeviceImportService>;
