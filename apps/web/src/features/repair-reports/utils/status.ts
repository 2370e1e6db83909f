import { REPAIR_TRANSITIONS, type TRepairStatus } from "@vrf/contract/repair-reports/repair-report.ts";

/** Tag colours: open work stands out, finished work is calm. */
export const STATUS_COLOR: Record<TRepairStatus, "error" | "processing" | "success"> = {
  0: "error",
  1: "processing",
  2: "success",
};

/** The statuses the handling form offers from `current` (the server enforces the same table). */
export const nextStatuses = (current: TRepairStatus): readonly TRepairStatus[] => REPAIR_TRANSITIONS[current];

/** What a timeline step did, for its title. */
export const stepKind = (step: { fromStatus: number | null; toStatus: number | null; note: string }) => {
  if (step.toStatus === null) return "note" as const;
  if (step.fromStatus === 2) return "reopened" as const;
  return "statusChanged" as const;
};
