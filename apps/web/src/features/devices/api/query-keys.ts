import type { TControllerKind } from "@vrf/contract/devices/common.ts";

/**
 * Query keys of the devices feature. Lists and details are refreshed by live device events
 * (utils/live-keys.ts) and by writes (`all`).
 */
export const deviceKeys = {
  all: ["devices"] as const,
  controllers: ["devices", "controllers"] as const,
  controllerList: (request: unknown) => ["devices", "controllers", request] as const,
  controllerDetails: ["devices", "controller"] as const,
  controllerDetail: (kind: TControllerKind, id: number | null) => ["devices", "controller", kind, id] as const,
  checkers: ["devices", "checkers"] as const,
  checkerList: (request: unknown) => ["devices", "checkers", request] as const,
  checkerDetails: ["devices", "checker"] as const,
  checkerDetail: (id: number | null) => ["devices", "checker", id] as const,
  facets: (kind: unknown) => ["devices", "facets", kind] as const,
  location: (id: number | null) => ["devices", "location", id] as const,
  outdoorUnits: ["devices", "outdoor-units"] as const,
  outdoorUnitList: (request: unknown) => ["devices", "outdoor-units", request] as const,
  indoorUnits: ["devices", "indoor-units"] as const,
  indoorUnitList: (request: unknown) => ["devices", "indoor-units", request] as const,
  commands: (deviceId: number) => ["devices", "commands", deviceId] as const,
  commandPage: (deviceId: number, pageNum: number, pageSize: number) =>
    ["devices", "commands", deviceId, pageNum, pageSize] as const,
  unitHistory: (deviceId: number) => ["devices", "unit-history", deviceId] as const,
  unitHistoryOf: (
    kind: "outdoor" | "indoor",
    deviceId: number,
    systemNumber: number,
    address: number,
    range: unknown,
  ) => ["devices", "unit-history", deviceId, kind, systemNumber, address, range] as const,
};
