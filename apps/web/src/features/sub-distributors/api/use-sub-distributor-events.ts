import { useQuery } from "@tanstack/react-query";
import { listSubDistributorEvents } from "@vrf/contract/sub-distributors/sub-distributors.ts";
import { call } from "../../../lib/api-client.ts";
import { subDistributorKeys } from "./query-keys.ts";

/** A link's history; fetched only while its drawer is open (`id` set). */
export const useSubDistributorEvents = (id: number | null) =>
  useQuery({
    queryKey: subDistributorKeys.events(id ?? 0),
    queryFn: ({ signal }) => call(listSubDistributorEvents, { id: id ?? 0 }, { silent: true, signal }),
    enabled: id !== null,
  });
