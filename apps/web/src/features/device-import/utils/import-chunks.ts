import type { TCommitResult } from "@vrf/contract/device-import/commit.ts";

export const chunksOf = <T>(items: readonly T[], size: number): T[][] => {
  const chunks: T[][] = [];
  for (let i = 0; i < items.length; i += size) chunks.push(items.slice(i, i + size));
  return chunks;
};

export interface ImportTotals {
  /** Rows sent and answered so far. */
  done: number;
  imported: number;
  skipped: number;
  failed: TCommitResult["failed"];
  /** The imported devices' MQTT credentials, shown once when the import ends. */
  credentials: TCommitResult["credentials"];
}

export const NO_TOTALS: ImportTotals = { done: 0, imported: 0, skipped: 0, failed: [], credentials: [] };

export const addChunk = (totals: ImportTotals, chunkSize: number, result: TCommitResult): ImportTotals => ({
  done: totals.done + chunkSize,
  imported: totals.imported + result.imported,
  skipped: totals.skipped + result.skipped,
  failed: [...totals.failed, ...result.failed],
  credentials: [...totals.credentials, ...result.credentials],
});

/** Whole percent for the progress bar; 100 only when everything is done. */
export const percentOf = (done: number, total: number): number =>
  total <= 0 ? 0 : done >= total ? 100 : Math.min(99, Math.floor((done / total) * 100));
