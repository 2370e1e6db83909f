import { getCheckerDetail, listCheckers } from "@vrf/contract/devices/checkers.ts";
import { getHiCheckerDetail, listHiCheckers } from "@vrf/contract/hi-checker/checkers.ts";
import { CHECKER_LIST_PATH, detailPath } from "./device-display.ts";
import { systemCyclePath } from "./system-cycle.ts";

/**
 * Where a module reads its checkers and links them: Distributor Cloud manages them (registers,
 * edits, exports, rotates credentials); the Hi-Checker module (authority 5) works with the ones in
 * its engineer's scope, through its own calls.
 */
export interface CheckerPages {
  list: typeof listCheckers | typeof listHiCheckers;
  detail: typeof getCheckerDetail | typeof getHiCheckerDetail;
  listPath: string;
  detailPath: (id: number) => string;
  manages: boolean;
  /**
   * The Hi-Checker module's task pages of one checker (its open tasks, a new task for it): routes
   * of another feature, linked by their addresses.
   */
  taskPaths?: { list: (id: number) => string; create: (id: number) => string };
  /** The Hi-Checker module's system cycle diagram of one checker, of one of its systems when given. */
  cyclePath?: (id: number, system?: number | null) => string;
}

export const DISTRIBUTOR_CHECKERS: CheckerPages = {
  list: listCheckers,
  detail: getCheckerDetail,
  listPath: CHECKER_LIST_PATH,
  detailPath: (id) => detailPath("checker", id),
  manages: true,
};

export const HI_CHECKER_CHECKERS: CheckerPages = {
  list: listHiCheckers,
  detail: getHiCheckerDetail,
  listPath: "/equipmentCenter/ckHiMitChecker",
  detailPath: (id) => `/equipmentCenter/ckCheckerDetail?id=${id}`,
  manages: false,
  taskPaths: {
    list: (id) => `/equipmentCenter/CheckerTaskList?deviceId=${id}`,
    create: (id) => `/equipmentCenter/createDataReport?deviceId=${id}`,
  },
  cyclePath: systemCyclePath,
};
