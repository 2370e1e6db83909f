import type { DeviceKind } from "@vrf/contract/faults/fault-filters.ts";

/** Where each dashboard figure leads: the list it counts, filtered the same way. */
export const DASHBOARD_LINKS = {
  projects: "/projectMangement/ProjectList",
  openFaults: "/equipmentCenter/faultanalysis?state=open",
  faultAnalysis: "/equipmentCenter/faultanalysis",
  subDistributors: "/platformCenter/distributorManagement",
} as const;

const DEVICE_LISTS: Record<DeviceKind, string> = {
  himit: "/equipmentCenter/HiMit",
  hidom: "/equipmentCenter/HiDom",
  smarttouch: "/equipmentCenter/SmartTouch",
  checker: "/equipmentCenter/HiMitChecker",
};

export const deviceListPath = (kind: DeviceKind): string => DEVICE_LISTS[kind];
export const repairReportsPath = (status: number): string => `/equipmentCenter/Repairreport?status=${status}`;
export const subDistributorsPath = (status: number): string => `${DASHBOARD_LINKS.subDistributors}?status=${status}`;
export const faultCodePath = (code: string): string =>
  `${DASHBOARD_LINKS.faultAnalysis}?${new URLSearchParams({ code })}`;
export const faultDayPath = (day: string): string =>
  `${DASHBOARD_LINKS.faultAnalysis}?${new URLSearchParams({ from: day, to: day })}`;

/** A share as a whole percentage; nothing out of nothing is no share at all. */
export const percent = (part: number, whole: number): number | null =>
  whole > 0 ? Math.round((part / whole) * 100) : null;
