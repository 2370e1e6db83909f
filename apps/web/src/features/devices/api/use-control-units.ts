import { useMutation, useQueryClient } from "@tanstack/react-query";
import { controlUnits } from "@vrf/contract/devices/commands.ts";
import type { RequestOf } from "@vrf/contract/endpoint.ts";
import { call } from "../../../lib/api-client.ts";
import { deviceKeys } from "./query-keys.ts";

/**
 * Sends a remote-control command; the answer is the command row (usually already "sent"). A
 * refusal refreshes the unit lists too: their device's state (offline) may be what changed.
 */
export const useControlUnits = () => {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: RequestOf<typeof controlUnits>) => call(controlUnits, input, { silent: true }),
    onError: () => queryClient.invalidateQueries({ queryKey: deviceKeys.indoorUnits }),
    onSettled: (_data, _error, input) =>
      queryClient.invalidateQueries({ queryKey: deviceKeys.commands(Number(input.deviceId)) }),
  });
};
