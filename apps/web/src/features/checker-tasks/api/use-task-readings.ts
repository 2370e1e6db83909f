import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import {
  exportHiCheckerTaskReadings,
  listHiCheckerTaskReadings,
  type TReadingsRequest,
} from "@vrf/contract/hi-checker/task-data.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** One page of a unit's readings in a collection task's period. */
export const useTaskReadings = (request: TReadingsRequest | null) =>
  useQuery({
    queryKey: checkerTaskKeys.readingPage(request?.taskId ?? "", request),
    queryFn: ({ signal }) => call(listHiCheckerTaskReadings, request as TReadingsRequest, { silent: true, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Downloads the unit's readings of the task as an .xlsx file. */
export const useExportTaskReadings = () =>
  useMutation({
    mutationFn: async ({
      request,
      filename,
    }: {
      request: RequestOf<typeof exportHiCheckerTaskReadings>;
      filename: string;
    }) => {
      const file = (await call(exportHiCheckerTaskReadings, request, { silent: true })) as Blob;
      saveFile(file, filename);
    },
  });
