import {
  controlUnits,
  getDeviceCommand,
  listDeviceCommands,
  type TControlRequest,
  type TDeviceCommand,
} from "@vrf/contract/devices/commands.ts";
import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import { getIndoorUnitHistory, getOutdoorUnitHistory, type TUnitHistory } from "@vrf/contract/devices/unit-history.ts";
import {
  listIndoorUnits,
  listOutdoorUnits,
  type TIndoorUnit,
  type TIndoorUnitListRequest,
  type TOutdoorUnit,
  type TOutdoorUnitListRequest,
} from "@vrf/contract/devices/units.ts";
import {
  controlHiCheckerUnits,
  getHiCheckerCommand,
  getHiCheckerIndoorHistory,
  getHiCheckerOutdoorHistory,
  listHiCheckerCommands,
  listHiCheckerIndoorUnits,
  listHiCheckerOutdoorUnits,
} from "@vrf/contract/hi-checker/units.ts";
import { createContext, useContext } from "react";
import { call } from "../../../lib/api-client.ts";
import { detailPath } from "./device-display.ts";

interface Page<T> {
  list: T[];
  total: number;
  pageNum: number;
  pageSize: number;
}
type Signal = { signal?: AbortSignal };
interface HistoryRequest {
  deviceId: number;
  systemNumber: number;
  address: number;
  from: string;
  to: string;
}

/**
 * The module a device page runs in: whose calls its unit lists, histories, remote control and
 * commands make, and where its links lead. Distributor Cloud's by default; the Hi-Checker module's
 * pages provide theirs, whose calls name one checker of the engineer's scope.
 */
export interface DeviceModule {
  /** In every query key of these calls, so the two modules' answers never share a cache entry. */
  key: "distributor" | "hiChecker";
  devicePath: (kind: TControllerKind | "checker", id: number) => string;
  /** Project pages belong to Distributor Cloud. */
  projectLinks: boolean;
  outdoorUnits: (request: TOutdoorUnitListRequest, options: Signal) => Promise<Page<TOutdoorUnit>>;
  indoorUnits: (request: TIndoorUnitListRequest, options: Signal) => Promise<Page<TIndoorUnit>>;
  unitHistory: (kind: "outdoor" | "indoor", request: HistoryRequest, options: Signal) => Promise<TUnitHistory>;
  control: (input: TControlRequest) => Promise<TDeviceCommand>;
  command: (deviceId: number, id: string, options: Signal) => Promise<TDeviceCommand>;
  commands: (
    request: { deviceId: number; pageNum: number; pageSize: number },
    options: Signal,
  ) => Promise<Page<TDeviceCommand>>;
}

const silent = (options: Signal) => ({ silent: true, ...options });

export const DISTRIBUTOR_DEVICES: DeviceModule = {
  key: "distributor",
  devicePath: detailPath,
  projectLinks: true,
  outdoorUnits: (request, options) => call(listOutdoorUnits, request, silent(options)),
  indoorUnits: (request, options) => call(listIndoorUnits, request, silent(options)),
  unitHistory: (kind, request, options) =>
    call(kind === "indoor" ? getIndoorUnitHistory : getOutdoorUnitHistory, request, silent(options)),
  control: (input) => call(controlUnits, input, { silent: true }),
  command: (_deviceId, id, options) => call(getDeviceCommand, { id }, silent(options)),
  commands: (request, options) => call(listDeviceCommands, request, silent(options)),
};

/** A unit list of the Hi-Checker module is always one checker's. */
const ofChecker = <R extends { deviceId?: unknown }>(request: R) => {
  if (request.deviceId === undefined || request.deviceId === "") throw new Error("a checker's units need its id");
  return { ...request, deviceId: request.deviceId as number };
};

export const HI_CHECKER_DEVICES: DeviceModule = {
  key: "hiChecker",
  devicePath: (_kind, id) => `/equipmentCenter/ckCheckerDetail?id=${id}`,
  projectLinks: false,
  outdoorUnits: (request, options) => call(listHiCheckerOutdoorUnits, ofChecker(request), silent(options)),
  indoorUnits: (request, options) => call(listHiCheckerIndoorUnits, ofChecker(request), silent(options)),
  unitHistory: (kind, request, options) =>
    call(kind === "indoor" ? getHiCheckerIndoorHistory : getHiCheckerOutdoorHistory, request, silent(options)),
  control: (input) => call(controlHiCheckerUnits, input, { silent: true }),
  command: (deviceId, id, options) => call(getHiCheckerCommand, { deviceId, id }, silent(options)),
  commands: (request, options) => call(listHiCheckerCommands, request, silent(options)),
};

export const DeviceModuleContext = createContext<DeviceModule>(DISTRIBUTOR_DEVICES);

export const useDeviceModule = (): DeviceModule => useContext(DeviceModuleContext);
