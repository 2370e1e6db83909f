import type { TDeviceKind } from "@vrf/contract/repair-reports/repair-report.ts";

const DEVICE_DETAIL_ROUTES: Record<TDeviceKind, string> = {
  himit: "/equipmentCenter/HiMitDeviceDetails",
  hidom: "/equipmentCenter/HiDomDeviceDetails",
  smarttouch: "/equipmentCenter/SmartTouchDeviceDetails",
  checker: "/equipmentCenter/CheckerDetail",
};

/** The device's own detail page, by kind. */
export const deviceDetailPath = (kind: TDeviceKind, id: number): string => `${DEVICE_DETAIL_ROUTES[kind]}?id=${id}`;

export const projectDetailPath = (id: number): string => `/projectMangement/projectDetail?id=${id}`;

export const repairReportDetailPath = (id: number): string => `/equipmentCenter/RepairReportDetail?id=${id}`;

export const repairReportListPath = (status?: number): string =>
  status === undefined ? "/equipmentCenter/Repairreport" : `/equipmentCenter/Repairreport?status=${status}`;
