import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { listDeviceDeadLetters, type TDeviceDeadLetterListRequest } from "@vrf/contract/device-dead-letters/list.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceDeadLetterKeys } from "./query-keys.ts";

/** One page of the messages the organisation's devices sent that could not be stored; the previous page stays on screen while the next loads. */
export const useDeviceDeadLetters = (request: TDeviceDeadLetterListRequest) =>
  useQuery({
    queryKey: deviceDeadLetterKeys.list(request),
    queryFn: ({ signal }) => call(listDeviceDeadLetters, request, { silent: true, signal }),
    placeholderData: keepPreviousData,
  });
