const MINUTE = 60_000;

export type DurationUnit = "minutes" | "hours" | "days";

/** How long a fault lasted (or has lasted), in the coarsest unit that still says something. */
export const faultDuration = (
  occurredAt: string,
  repairedAt: string | null,
  now: number,
): { unit: DurationUnit; n: number } => {
  const end = repairedAt ? Date.parse(repairedAt) : now;
  const minutes = Math.max(0, Math.round((end - Date.parse(occurredAt)) / MINUTE));
  if (minutes < 60) return { unit: "minutes", n: Math.max(1, minutes) };
  if (minutes < 48 * 60) return { unit: "hours", n: Math.round(minutes / 60) };
  return { unit: "days", n: Math.round(minutes / (24 * 60)) };
};

/** The unit address parts a fault has, in bus order: system, outdoor, indoor. */
export const addressParts = (fault: {
  systemNumber: number | null;
  outdoorAddress: number | null;
  indoorAddress: number | null;
}): { key: "system" | "outdoor" | "indoor"; n: number }[] => {
  const parts: { key: "system" | "outdoor" | "indoor"; n: number }[] = [];
  if (fault.systemNumber !== null) parts.push({ key: "system", n: fault.systemNumber });
  if (fault.outdoorAddress !== null) parts.push({ key: "outdoor", n: fault.outdoorAddress });
  if (fault.indoorAddress !== null) parts.push({ key: "indoor", n: fault.indoorAddress });
  return parts;
};

/** Suggested checks are written as one text; the drawer lists them step by step. */
export const checkSteps = (checks: string): string[] =>
  checks
    .split(/[;；]\s*/)
    .map((step) => step.trim().replace(/[.。]$/, ""))
    .filter(Boolean)
    .map((step) => step.charAt(0).toUpperCase() + step.slice(1));

/** The detail page of a device, by kind. */
export const devicePath = (kind: "himit" | "hidom" | "smarttouch" | "checker", id: number): string => {
  const page = {
    himit: "HiMitDeviceDetails",
    hidom: "HiDomDeviceDetails",
    smarttouch: "SmartTouchDeviceDetails",
    checker: "CheckerDetail",
  }[kind];
  return `/equipmentCenter/${page}?id=${id}`;
};
