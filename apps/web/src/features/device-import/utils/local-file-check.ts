import { IMPORT_MAX_FILE_BYTES } from "@vrf/contract/device-import/rows.ts";

export type LocalFileProblem = "wrongType" | "tooLarge" | "emptyLocal";

/** What can be told before uploading: the extension and the size. The server still checks the content. */
export const localFileProblem = (file: { name: string; size: number }): LocalFileProblem | null => {
  if (!/\.(xlsx|csv)$/i.test(file.name)) return "wrongType";
  if (file.size === 0) return "emptyLocal";
  if (file.size > IMPORT_MAX_FILE_BYTES) return "tooLarge";
  return null;
};

export const MAX_FILE_MB = IMPORT_MAX_FILE_BYTES / 1024 / 1024;
