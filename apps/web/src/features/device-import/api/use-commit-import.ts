import { useMutation, useQueryClient } from "@tanstack/react-query";
import { commitDeviceImport } from "@vrf/contract/device-import/commit.ts";
import { IMPORT_CHUNK_ROWS, type TImportRow } from "@vrf/contract/device-import/rows.ts";
import { call } from "../../../lib/api-client.ts";
import { addChunk, chunksOf, type ImportTotals } from "../utils/import-chunks.ts";

export interface CommitInput {
  rows: TImportRow[];
  /** The totals to add the chunks to (the rows the check settled, utils/import-plan.ts). */
  start: ImportTotals;
  /** Checked between chunks: a stop takes effect after the chunk in flight. */
  shouldStop: () => boolean;
  onProgress: (totals: ImportTotals) => void;
}

export interface CommitOutcome {
  totals: ImportTotals;
  stopped: boolean;
  /** The failure that ended the import early, if any; the chunks before it stay imported. */
  error: unknown;
}

/**
 * Sends the checked rows chunk by chunk; each chunk is checked again and
 * written in one transaction on the server, so the progress is real and a
 * failure loses at most the chunk in flight.
 */
export const useCommitImport = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ rows, start, shouldStop, onProgress }: CommitInput): Promise<CommitOutcome> => {
      let totals = start;
      for (const chunk of chunksOf(rows, IMPORT_CHUNK_ROWS)) {
        if (shouldStop()) return { totals, stopped: true, error: null };
        try {
          totals = addChunk(totals, chunk.length, await call(commitDeviceImport, { rows: chunk }, { silent: true }));
        } catch (error) {
          return { totals, stopped: false, error };
        }
        onProgress(totals);
      }
      return { totals, stopped: false, error: null };
    },
    // Device lists, project counts and the dashboard all change with new devices. Not awaited:
    // the result comes from the import's own answers, and refetching every query on screen (a
    // slow one, or one retrying) would hold it back.
    onSettled: () => {
      void queryClient.invalidateQueries();
    },
  });
};
