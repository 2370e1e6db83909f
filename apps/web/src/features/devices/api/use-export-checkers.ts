import { useMutation } from "@tanstack/react-query";
import { exportCheckers } from "@vrf/contract/devices/checkers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import dayjs from "dayjs";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

export const useExportCheckers = () =>
  useMutation({
    mutationFn: async (input: RequestOf<typeof exportCheckers>) => {
      const file = (await call(exportCheckers, input, { silent: true })) as Blob;
      saveFile(file, `hi-checker-${dayjs().format("YYYY-MM-DD")}.xlsx`);
    },
  });
