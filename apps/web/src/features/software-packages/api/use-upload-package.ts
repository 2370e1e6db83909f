import { useMutation, useQueryClient } from "@tanstack/react-query";
import { type TPackageKind, uploadSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { upload } from "../../../lib/upload.ts";
import { PACKAGES_KEY } from "./query-keys.ts";

export interface UploadPackageInput {
  kind: TPackageKind;
  version: string;
  file: File;
  signal: AbortSignal;
  onProgress: (fraction: number) => void;
}

// 500 MB at 2 MB/s takes over four minutes; an hour covers a slow site line without hanging forever.
const PACKAGE_UPLOAD_TIMEOUT_MS = 60 * 60_000;

/** Sends a package: its kind and version first, then the file, with progress. */
export const useUploadPackage = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ kind, version, file, signal, onProgress }: UploadPackageInput) =>
      upload(uploadSoftwarePackage, file, {
        fields: { kind, version: version.trim() },
        signal,
        onProgress,
        silent: true,
        timeoutMs: PACKAGE_UPLOAD_TIMEOUT_MS,
      }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: PACKAGES_KEY }),
  });
};
