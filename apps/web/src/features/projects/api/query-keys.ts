/** Query keys of the projects feature; writes invalidate `all` so lists, details and the map refresh. */
export const projectKeys = {
  all: ["projects"] as const,
  list: (params: unknown) => ["projects", "list", params] as const,
  detail: (key: unknown) => ["projects", "detail", key] as const,
  devices: (params: unknown) => ["projects", "devices", params] as const,
  faults: (params: unknown) => ["projects", "faults", params] as const,
  repairReports: (params: unknown) => ["projects", "repair-reports", params] as const,
  mapPoints: (params: unknown) => ["projects", "map-points", params] as const,
};
