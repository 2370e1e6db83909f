import { useMutation, useQuery, useQueryClient } from "@tanstack/react-query";
import {
  createHiCheckerTaskReport,
  downloadHiCheckerTaskReport,
  listHiCheckerTaskReports,
  type TCreateTaskReportRequest,
} from "@vrf/contract/hi-checker/task-reports.ts";
import dayjs from "dayjs";
import { call } from "../../../lib/api-client.ts";
import { saveFile } from "../../../lib/save-file.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** The data reports of an ended task, newest first; fetched while its reports are on screen. */
export const useTaskReports = (taskId: string, enabled: boolean) =>
  useQuery({
    queryKey: checkerTaskKeys.reports(taskId),
    queryFn: ({ signal }) => call(listHiCheckerTaskReports, { taskId }, { silent: true, signal }),
    enabled,
    retry: false,
  });

/** Creates a report (in the viewer's language: the server makes it in the request's). */
export const useCreateTaskReport = (taskId: string) => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (request: Omit<TCreateTaskReportRequest, "taskId">) =>
      call(createHiCheckerTaskReport, { ...request, taskId }, { silent: true }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: checkerTaskKeys.reports(taskId) }),
  });
};

/** Downloads a report's PDF, its times in the viewer's zone. */
export const useDownloadTaskReport = () =>
  useMutation({
    mutationFn: async ({ id, filename }: { id: string; filename: string }) => {
      const file = (await call(
        downloadHiCheckerTaskReport,
        { id, utcOffsetMinutes: dayjs().utcOffset() },
        { silent: true },
      )) as Blob;
      saveFile(file, filename);
    },
  });
