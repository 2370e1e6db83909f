import {
  isActionAllowed,
  SUB_DISTRIBUTOR_STATUSES,
  type SubDistributorStatus,
} from "@vrf/contract/sub-distributors/sub-distributors.ts";

/** antd Tag colours: a draft is neutral, waiting is blue, live is green, ended is orange, refused is red. */
export const STATUS_COLOR: Readonly<Record<SubDistributorStatus, string>> = {
  0: "default",
  1: "processing",
  2: "success",
  3: "warning",
  4: "error",
};

/** What a distributor can do with one row of its list, in the order the buttons appear. */
export type RowAction = "submit" | "editNote" | "delete" | "release" | "inviteAgain" | "history";

export const rowActionsFor = (status: SubDistributorStatus): RowAction[] => {
  const actions: RowAction[] = [];
  if (isActionAllowed("submit", status)) actions.push("submit");
  if (isActionAllowed("editNote", status)) actions.push("editNote");
  if (isActionAllowed("release", status)) actions.push("release");
  // Released and returned rows are history; the organisation can be invited again as a new row.
  if (status === 3 || status === 4) actions.push("inviteAgain");
  actions.push("history");
  if (isActionAllowed("delete", status)) actions.push("delete");
  return actions;
};

/** `?status=2` preselects a status filter; anything else means all statuses. */
export const parseStatusParam = (value: string | null): SubDistributorStatus | undefined => {
  if (value === null || !/^\d$/.test(value)) return undefined;
  const status = Number(value);
  return SUB_DISTRIBUTOR_STATUSES.find((s) => s === status);
};

/** What an event in a link's history means, from the statuses it connects. */
export type EventKind = "added" | "submitted" | "accepted" | "returned" | "released" | "changed";

export const eventKindOf = (fromStatus: number | null, toStatus: number): EventKind => {
  if (fromStatus === null && toStatus === 0) return "added";
  if (fromStatus === 0 && toStatus === 1) return "submitted";
  if (fromStatus === 1 && toStatus === 2) return "accepted";
  if (fromStatus === 1 && toStatus === 4) return "returned";
  if (fromStatus === 2 && toStatus === 3) return "released";
  return "changed";
};
