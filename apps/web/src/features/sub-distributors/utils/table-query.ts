import { SUB_DISTRIBUTOR_SORTS } from "@vrf/contract/sub-distributors/sub-distributors.ts";

export type SubDistributorSort = (typeof SUB_DISTRIBUTOR_SORTS)[number];

/** An antd sorter (column key + order) as the list request's whitelisted sort, or none. */
export const sortOf = (
  columnKey: unknown,
  order: "ascend" | "descend" | null | undefined,
): { sort: SubDistributorSort; order: "ascend" | "descend" } | null => {
  if (!order) return null;
  const sort = SUB_DISTRIBUTOR_SORTS.find((s) => s === columnKey);
  return sort ? { sort, order } : null;
};
