import type { TImportReason } from "@vrf/contract/device-import/rows.ts";

type Translate = (key: string, values?: Record<string, string | number>) => string;

/** A reason code from the server in the reader's language (`t` of the deviceImport namespace). */
export const reasonText = (t: Translate, reason: TImportReason): string =>
  t(`reasons.${reason.code}`, {
    column: reason.column ? t(`columns.${reason.column}`) : "",
    firstRow: reason.firstRow ?? "",
  });
