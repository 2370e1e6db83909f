import { useMutation } from "@tanstack/react-query";
import { downloadDeviceImportTemplate } from "@vrf/contract/device-import/template.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

/** Downloads the import template (headers in the current language) and saves it as `fileName`. */
export const useDownloadTemplate = () =>
  useMutation({
    mutationFn: async (fileName: string) => {
      const blob = await call(downloadDeviceImportTemplate, {}, { silent: true });
      saveFile(blob, fileName);
    },
  });
