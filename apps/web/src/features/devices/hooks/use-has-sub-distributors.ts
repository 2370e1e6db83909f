import { useOrganisationOptions } from "../api/use-organisation-options.ts";

/** Whether the caller sees more than its own organisation: only then is "distributor" worth a filter and a column. */
export const useHasSubDistributors = (): boolean => (useOrganisationOptions().data?.list.length ?? 0) > 1;
