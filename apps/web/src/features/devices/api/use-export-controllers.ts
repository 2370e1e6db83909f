import { useMutation } from "@tanstack/react-query";
import { exportControllers } from "@vrf/contract/devices/controllers.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import dayjs from "dayjs";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";

export const useExportControllers = () =>
  useMutation({
    mutationFn: async (input: RequestOf<typeof exportControllers>) => {
      const file = (await call(exportControllers, input, { silent: true })) as Blob;
      saveFile(file, `${input.kind}-${dayjs().format("YYYY-MM-DD")}.xlsx`);
    },
  });
