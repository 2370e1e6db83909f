import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import { formatNumber } from "@vrf/contract/number.ts";

/** Tag colours: live states stand out, offline recedes. */
const STATUS_COLOURS: Record<string, string> = {
  online: "success",
  offline: "default",
  standby: "gold",
  grabbing: "processing",
  collecting: "cyan",
  other: "purple",
  normal: "success",
  alarm: "error",
};
export const statusColour = (status: string): string => STATUS_COLOURS[status] ?? "default";

export const DETAIL_PATHS: Record<TControllerKind | "checker", string> = {
  himit: "/equipmentCenter/HiMitDeviceDetails",
  hidom: "/equipmentCenter/HiDomDeviceDetails",
  smarttouch: "/equipmentCenter/SmartTouchDeviceDetails",
  checker: "/equipmentCenter/CheckerDetail",
};

export const CHECKER_WRITE_IN_PATH = "/equipmentCenter/CheckerWriteIn";
export const CHECKER_LIST_PATH = "/equipmentCenter/HiMitChecker";

export const detailPath = (kind: TControllerKind | "checker", id: number): string => `${DETAIL_PATHS[kind]}?id=${id}`;
export const projectPath = (id: number): string => `/projectMangement/projectDetail?id=${id}`;
export const faultAnalysisPath = (deviceId: number): string => `/equipmentCenter/faultanalysis?deviceId=${deviceId}`;

/** Used share of a checker's storage, 0-100, rounded down so "full" means really full. */
export const storagePercent = (usedMb: number | null, capacityMb: number | null): number => {
  if (!capacityMb || capacityMb <= 0 || usedMb === null) return 0;
  return Math.min(100, Math.max(0, Math.floor((usedMb / capacityMb) * 100)));
};

export type StorageUnit = "kb" | "mb" | "gb" | "tb";
const STORAGE_UNITS: Partial<Record<string, StorageUnit>> = { k: "kb", M: "mb", G: "gb", T: "tb" };

/**
 * Megabytes in SPEC section 9's k/M/G units, stepping by 1024: 200 -> {value:"200", unit:"mb"};
 * 4096 -> {value:"4", unit:"gb"}; 1536 -> {value:"1.5", unit:"gb"}. Nothing used is "0 MB".
 */
export const storageAmount = (mb: number): { value: string; unit: StorageUnit } => {
  if (mb <= 0) return { value: "0", unit: "mb" };
  const text = formatNumber(mb * 1024 ** 2, 1, 1024);
  const unit = STORAGE_UNITS[text.slice(-1)];
  return unit ? { value: text.slice(0, -1), unit } : { value: String(mb), unit: "mb" };
};

/** An id from the address (`?id=12`), or null when missing or malformed. */
export const idFromQuery = (value: string | null): number | null =>
  value !== null && /^\d+$/.test(value) && Number(value) > 0 ? Number(value) : null;

/** The project a list is filtered by, as its rows name it: lets the project select label a deep-linked id. */
export type ProjectRef = { id: number; code: string; name: string };

export const projectNamed = (
  rows: readonly { project: ProjectRef | null }[] | undefined,
  projectId: string | undefined,
): ProjectRef | null =>
  projectId ? (rows?.find((r) => r.project !== null && String(r.project.id) === projectId)?.project ?? null) : null;
