import { defineEndpoint, type Endpoint } from "../endpoint.ts";
import { listFaultDeviceOptions } from "../faults/device-options.ts";
import { listFaultCodes } from "../faults/fault-codes.ts";
import { exportFaults, listFaults } from "../faults/fault-list.ts";
import { getFaultStats } from "../faults/fault-stats.ts";

/**
 * CkFaultAnalysis: the faults raised through the caller's checkers (checker scope: a
 * distributor's channel, or an engineer's organisation and the checkers bound to them), with
 * Distributor Cloud's filters, statistics, catalogue and export; only the paths differ.
 */
const inModule = <E extends Endpoint>(endpoint: E, path: string): E => defineEndpoint({ ...endpoint, path }) as E;

export const listHiCheckerFaults = inModule(listFaults, "/hmt-web/himit-checker/faults/list");
export const getHiCheckerFaultStats = inModule(getFaultStats, "/hmt-web/himit-checker/faults/stats");
export const exportHiCheckerFaults = inModule(exportFaults, "/hmt-web/himit-checker/faults/export");
export const listHiCheckerFaultCodes = inModule(listFaultCodes, "/hmt-web/himit-checker/faults/codes");
export const listHiCheckerFaultDeviceOptions = inModule(
  listFaultDeviceOptions,
  "/hmt-web/himit-checker/faults/device-options",
);
