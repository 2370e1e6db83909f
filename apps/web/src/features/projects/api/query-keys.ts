import type { LiveKeyMap } from "../../../lib/device-events.ts";

/** Query keys of the projects feature; writes invalidate `all` so lists, details and the map refresh. */
export const projectKeys = {
  all: ["projects"] as const,
  list: (params: unknown) => ["projects", "list", params] as const,
  detail: (key: unknown) => ["projects", "detail", key] as const,
  devices: (params: unknown) => ["projects", "devices", params] as const,
  faults: (params: unknown) => ["projects", "faults", params] as const,
  repairReports: (params: unknown) => ["projects", "repair-reports", params] as const,
  mapPoints: (params: unknown) => ["projects", "map-points", params] as const,
  mapPlace: (ids: readonly number[]) => ["projects", "map-place", ids] as const,
};

/**
 * What live device events change here: a device's state (device counts, online state in a
 * project's device tab) and its faults (alarm counts, the map's alarm colours, the faults tab).
 */
export const PROJECTS_LIVE: LiveKeyMap = {
  deviceState: [
    ["projects", "list"],
    ["projects", "detail"],
    ["projects", "devices"],
    ["projects", "map-points"],
    ["projects", "map-place"],
  ],
  faults: [
    ["projects", "list"],
    ["projects", "detail"],
    ["projects", "devices"],
    ["projects", "faults"],
    ["projects", "map-points"],
    ["projects", "map-place"],
  ],
};
