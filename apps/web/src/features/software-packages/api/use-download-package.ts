import { useMutation } from "@tanstack/react-query";
import { downloadSoftwarePackage, type TSoftwarePackage } from "@vrf/contract/hi-checker/software-packages.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

// A package may be hundreds of MB: its download gets far longer than a JSON call's 20 s.
const PACKAGE_DOWNLOAD_TIMEOUT_MS = 60 * 60_000;

/** Fetches a package's file with the session's token and hands it to the browser under its own name. */
export const useDownloadPackage = () =>
  useMutation({
    mutationFn: async (pkg: TSoftwarePackage) => {
      const blob = await call(
        downloadSoftwarePackage,
        { id: pkg.id },
        { silent: true, timeoutMs: PACKAGE_DOWNLOAD_TIMEOUT_MS },
      );
      saveFile(blob, pkg.fileName);
    },
  });
