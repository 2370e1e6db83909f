import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { getHiCheckerDetail, listHiCheckers } from "@vrf/contract/hi-checker/checkers.ts";
import { call } from "../../../lib/api-client.ts";
import { checkerTaskKeys } from "./query-keys.ts";

/** Checkers offered at once; more are found by typing. */
const CHOICES = 50;

/** The caller's checkers for a task's checker choice, searched on the server by alias, device ID or serial number. */
export const useTaskCheckers = (keyword: string) =>
  useQuery({
    queryKey: checkerTaskKeys.checkerOptions(keyword),
    queryFn: ({ signal }) =>
      call(
        listHiCheckers,
        { pageNum: 1, pageSize: CHOICES, sort: "alias", order: "ascend", ...(keyword ? { keyword } : {}) },
        { silent: true, signal },
      ),
    placeholderData: keepPreviousData,
  });

/** One checker (a link's `deviceId`), for its name and state when it is not among the choices. */
export const useTaskChecker = (id: number | null, enabled = true) =>
  useQuery({
    queryKey: checkerTaskKeys.checker(id),
    queryFn: ({ signal }) => call(getHiCheckerDetail, { id: id as number }, { silent: true, signal }),
    enabled: enabled && id !== null,
    retry: false,
  });
