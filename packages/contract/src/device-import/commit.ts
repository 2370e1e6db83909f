import { z } from "zod";
import { ZDeviceCredentials } from "../devices/credentials.ts";
import { defineEndpoint } from "../endpoint.ts";
import { IMPORT_CHUNK_ROWS, ZImportReason, ZImportRow } from "./rows.ts";

/**
 * Imports one chunk of the rows a dry run found good. The server checks the
 * chunk again (the data may have changed since), inserts what is still good in
 * one transaction into the caller's own organisation, and skips serial numbers
 * that are registered by now. The web sends a large file chunk by chunk and
 * shows the progress.
 */
export const commitDeviceImport = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/device-import/commit",
  request: z.object({ rows: z.array(ZImportRow).min(1).max(IMPORT_CHUNK_ROWS) }),
  response: z.object({
    imported: z.number().int(),
    /** Serial numbers already registered (by an earlier run or in the meantime). */
    skipped: z.number().int(),
    failed: z.array(z.object({ row: z.number().int(), reasons: z.array(ZImportReason) })),
    /** The imported devices' MQTT credentials, shown once: the web offers them as a file. */
    credentials: z.array(ZDeviceCredentials),
  }),
});
export type TCommitResult = z.output<typeof commitDeviceImport.response>;
