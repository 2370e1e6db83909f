import { keepPreviousData, useMutation, useQuery } from "@tanstack/react-query";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import {
  exportHiCheckerTaskFrames,
  listHiCheckerTaskFrames,
  type TFrameListRequest,
} from "@vrf/contract/hi-checker/task-data.ts";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** One page of a capture task's frames; the previous page stays on screen while the next loads. */
export const useTaskFrames = (request: TFrameListRequest | null) =>
  useQuery({
    queryKey: checkerTaskKeys.framePage(request?.taskId ?? "", request),
    queryFn: ({ signal }) => call(listHiCheckerTaskFrames, request as TFrameListRequest, { silent: true, signal }),
    enabled: request !== null,
    placeholderData: keepPreviousData,
    retry: false,
  });

/** Downloads the frames the filters match as a CSV file (the server refuses more than FRAME_EXPORT_MAX). */
export const useExportTaskFrames = () =>
  useMutation({
    mutationFn: async ({
      filter,
      filename,
    }: {
      filter: RequestOf<typeof exportHiCheckerTaskFrames>;
      filename: string;
    }) => {
      const file = (await call(exportHiCheckerTaskFrames, filter, { silent: true })) as Blob;
      saveFile(file, filename);
    },
  });
