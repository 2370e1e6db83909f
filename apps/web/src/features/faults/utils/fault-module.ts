import { listFaultDeviceOptions } from "@vrf/contract/faults/device-options.ts";
import { listFaultCodes } from "@vrf/contract/faults/fault-codes.ts";
import type { DeviceKind } from "@vrf/contract/faults/fault-filters.ts";
import { exportFaults, listFaults } from "@vrf/contract/faults/fault-list.ts";
import { getFaultStats } from "@vrf/contract/faults/fault-stats.ts";
import {
  exportHiCheckerFaults,
  getHiCheckerFaultStats,
  listHiCheckerFaultCodes,
  listHiCheckerFaultDeviceOptions,
  listHiCheckerFaults,
} from "@vrf/contract/hi-checker/faults.ts";
import { createContext, useContext } from "react";
import { devicePath } from "./fault-display.ts";

/**
 * The module a fault analysis page runs in: whose faults its calls read, which filters it offers
 * and where its rows link. Distributor Cloud's by default (FaultAnalysis); the Hi-Checker module's
 * page (CkFaultAnalysis) provides its own, whose calls answer the faults of the caller's checkers.
 */
export interface FaultModule {
  /** Starts every query key of these calls, so the two modules' answers never share a cache entry. */
  keyPrefix: "faults" | "hiCheckerFaults";
  list: typeof listFaults;
  stats: typeof getFaultStats;
  export: typeof exportFaults;
  codes: typeof listFaultCodes;
  deviceOptions: typeof listFaultDeviceOptions;
  devicePath: (kind: DeviceKind, id: number) => string;
  /** Project pages belong to Distributor Cloud: elsewhere a project is named, not linked. */
  projectPath: ((id: number) => string) | null;
  /**
   * Distributor Cloud's organisation and project pick lists (lib/distributor-options.ts): the
   * distributor and project filters, and whether the distributor column is worth showing. The
   * Hi-Checker module's sessions do not reach them, so its page filters by checker only.
   */
  pickLists: boolean;
  /** The column chooser's list, remembered per account. */
  listId: string;
  /** A line above the tabs saying whose faults these are; none in Distributor Cloud. */
  intro: "hiChecker" | null;
}

export const DISTRIBUTOR_FAULTS: FaultModule = {
  keyPrefix: "faults",
  list: listFaults,
  stats: getFaultStats,
  export: exportFaults,
  codes: listFaultCodes,
  deviceOptions: listFaultDeviceOptions,
  devicePath,
  projectPath: (id) => `/projectMangement/projectDetail?id=${id}`,
  pickLists: true,
  listId: "fault-records",
  intro: null,
};

export const HI_CHECKER_FAULTS: FaultModule = {
  keyPrefix: "hiCheckerFaults",
  list: listHiCheckerFaults,
  stats: getHiCheckerFaultStats,
  export: exportHiCheckerFaults,
  codes: listHiCheckerFaultCodes,
  deviceOptions: listHiCheckerFaultDeviceOptions,
  devicePath: (_kind, id) => `/equipmentCenter/ckCheckerDetail?id=${id}`,
  projectPath: null,
  pickLists: false,
  listId: "hi-checker-fault-records",
  intro: "hiChecker",
};

export const FaultModuleContext = createContext<FaultModule>(DISTRIBUTOR_FAULTS);

export const useFaultModule = (): FaultModule => useContext(FaultModuleContext);
