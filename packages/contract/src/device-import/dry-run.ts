import { z } from "zod";
import { ZCheckedImportRow } from "./rows.ts";

/**
 * Checks an uploaded spreadsheet (multipart form, field `file`: xlsx or csv)
 * without writing anything. Not a JSON endpoint, so it is described by its
 * path and response only; the web sends it with `upload()`.
 */
export const dryRunDeviceImport = {
  method: "POST",
  path: "/hmt-web/distributor/device-import/dry_run",
  fileField: "file",
  response: z.object({
    fileName: z.string(),
    /** Rows identical to the template's example row, left out. */
    exampleRowsIgnored: z.number().int(),
    summary: z.object({
      total: z.number().int(),
      ok: z.number().int(),
      registered: z.number().int(),
      error: z.number().int(),
    }),
    rows: z.array(ZCheckedImportRow),
  }),
} as const;
export type TDryRunResult = z.output<typeof dryRunDeviceImport.response>;
