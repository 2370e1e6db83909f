import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import type { DeviceEvent, LiveKeyMap } from "../../../lib/device-events.ts";
import { deviceKeys } from "../api/query-keys.ts";

/** Device lists: a device came online or went offline, or a checker's task or firmware step moved on. */
export const deviceListLive = (kind: TControllerKind | "checker"): LiveKeyMap => {
  const list = kind === "checker" ? deviceKeys.checkers : deviceKeys.controllers;
  return { deviceState: [list], progress: [list] };
};

/**
 * One device's page: its state and progress, its faults (open faults, recent faults), its units
 * (counts, last seen; the unit tabs refresh themselves) and its commands.
 */
export const deviceDetailLive = (kind: TControllerKind | "checker", id: number): LiveKeyMap => {
  const detail = kind === "checker" ? deviceKeys.checkerDetail(id) : deviceKeys.controllerDetail(kind, id);
  return {
    deviceState: [detail],
    progress: [detail],
    faults: [detail],
    units: [detail],
    command: [deviceKeys.commands(id)],
  };
};

/**
 * A page drawing one checker's units (the system cycle diagram): the checker's state, for its
 * offline notice; the unit lists keep themselves live (unitListLive).
 */
export const checkerStateLive = (id: number): LiveKeyMap => ({ deviceState: [deviceKeys.checkerDetail(id)] });

/** Unit lists and the open unit's history. */
export const unitListLive = (kind: "outdoor" | "indoor"): LiveKeyMap => ({
  units: [kind === "outdoor" ? deviceKeys.outdoorUnits : deviceKeys.indoorUnits],
  deviceState: [kind === "outdoor" ? deviceKeys.outdoorUnits : deviceKeys.indoorUnits],
});

/**
 * Whether a unit event can change a unit list: when it names a device whose units are on the
 * page, or when the list is filtered or sorted by what reports change (status, temperatures),
 * so units may enter or leave it. A busy fleet then refreshes a page only for its own devices.
 */
export const unitEventMatters = (
  event: DeviceEvent,
  shownDeviceIds: ReadonlySet<number>,
  membershipFollowsReports: boolean,
): boolean => membershipFollowsReports || shownDeviceIds.has(event.deviceId);

/** Sorts and filters of the unit lists whose result follows the devices' reports. */
export const LIVE_UNIT_SORTS: ReadonlySet<string> = new Set([
  "status",
  "setTemperature",
  "roomTemperature",
  "runningHours",
]);
