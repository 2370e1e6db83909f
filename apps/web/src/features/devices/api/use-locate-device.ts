import { useQuery } from "@tanstack/react-query";
import { locateDevice } from "@vrf/contract/devices/locate.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

/** Which kind a device is, for an address that carries only its id. */
export const useLocateDevice = (id: number | null) =>
  useQuery({
    queryKey: deviceKeys.location(id),
    queryFn: ({ signal }) => call(locateDevice, { id: id as number }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
