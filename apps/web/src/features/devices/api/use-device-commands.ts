import { keepPreviousData, useQuery } from "@tanstack/react-query";
import { FINAL_COMMAND_STATUSES } from "@vrf/contract/devices/commands.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { deviceKeys } from "./query-keys.ts";

/** While a command on the page is still on its way, the list is read again this often. */
const OPEN_COMMAND_POLL_MS = 5_000;

/** A device's commands, newest first. */
export const useDeviceCommands = (deviceId: number, pageNum: number, pageSize: number) => {
  const module = useDeviceModule();
  return useQuery({
    queryKey: [...deviceKeys.commandPage(deviceId, pageNum, pageSize), module.key],
    queryFn: ({ signal }) => module.commands({ deviceId, pageNum, pageSize }, { signal }),
    placeholderData: keepPreviousData,
    // Only the issuer hears of a command's progress live; other people's commands settle by polling.
    refetchInterval: (query) =>
      query.state.data?.list.some((command) => !FINAL_COMMAND_STATUSES.includes(command.status))
        ? OPEN_COMMAND_POLL_MS
        : false,
  });
};
