import { useMutation, useQueryClient } from "@tanstack/react-query";
import type { TControlRequest } from "@vrf/contract/devices/commands.ts";
import { useDeviceModule } from "../utils/device-module.ts";
import { deviceKeys } from "./query-keys.ts";

/**
 * Sends a remote-control command; the answer is the command row (usually already "sent"). A
 * refusal refreshes the unit lists too: their device's state (offline) may be what changed.
 */
export const useControlUnits = () => {
  const queryClient = useQueryClient();
  const module = useDeviceModule();
  return useMutation({
    mutationFn: (input: TControlRequest) => module.control(input),
    onError: () => queryClient.invalidateQueries({ queryKey: deviceKeys.indoorUnits }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: deviceKeys.commands(Number(input.deviceId)) }),
  });
};
