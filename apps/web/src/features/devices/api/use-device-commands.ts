import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FINAL_COMMAND_STATUSES, listDeviceCommands } from "@vrf/contract/devices/commands.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

/** While a command on the page is still on its way, the list is read again this often. */
const OPEN_COMMAND_POLL_MS = 5_000;

/** A device's commands, newest first. */
export const useDeviceCommands = (deviceId: number, pageNum: number, pageSize: number) =>
  useQuery({
    queryKey: deviceKeys.commandPage(deviceId, pageNum, pageSize),
    queryFn: ({ signal }) => call(listDeviceCommands, { deviceId, pageNum, pageSize }, { silent: true, signal }),
    placeholderData: keepPreviousData,
    // Only the issuer hears of a command's progress live; other people's commands settle by polling.
    refetchInterval: (query) =>
      query.state.data?.list.some((command) => !FINAL_COMMAND_STATUSES.includes(command.status))
        ? OPEN_COMMAND_POLL_MS
        : false,
  });
