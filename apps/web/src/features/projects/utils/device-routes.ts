import type { TDeviceKind } from "@vrf/contract/projects/project-fields.ts";

const DETAIL_PAGES: Record<TDeviceKind, string> = {
  himit: "/equipmentCenter/HiMitDeviceDetails",
  hidom: "/equipmentCenter/HiDomDeviceDetails",
  smarttouch: "/equipmentCenter/SmartTouchDeviceDetails",
  checker: "/equipmentCenter/CheckerDetail",
};

/** The detail page of a device of any kind. */
export const deviceDetailPath = (kind: TDeviceKind, id: number): string => `${DETAIL_PAGES[kind]}?id=${id}`;

export const projectDetailPath = (id: number): string => `/projectMangement/projectDetail?id=${id}`;
export const projectEditPath = (code: string): string =>
  `/projectMangement/projectWriteIn?projectCode=${encodeURIComponent(code)}`;
export const repairReportDetailPath = (id: number): string => `/equipmentCenter/RepairReportDetail?id=${id}`;
