import { useQuery } from "@tanstack/react-query";
import type { TControllerKind } from "@vrf/contract/devices/common.ts";
import { getControllerDetail } from "@vrf/contract/devices/controllers.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

export const useControllerDetail = (id: number | null, kind: TControllerKind) =>
  useQuery({
    queryKey: deviceKeys.controllerDetail(kind, id),
    queryFn: ({ signal }) => call(getControllerDetail, { id: id as number, kind }, { silent: true, signal }),
    enabled: id !== null,
    retry: false,
  });
