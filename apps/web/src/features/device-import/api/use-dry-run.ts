import { useMutation } from "@tanstack/react-query";
import { dryRunDeviceImport } from "@vrf/contract/device-import/dry-run.ts";
import { upload } from "../../../lib/upload.ts";

export interface DryRunInput {
  file: File;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

/** Uploads a spreadsheet and gets every row checked; nothing is written. */
export const useDryRun = () =>
  useMutation({
    mutationFn: ({ file, signal, onProgress }: DryRunInput) =>
      upload(dryRunDeviceImport, file, { signal, onProgress, silent: true }),
  });
