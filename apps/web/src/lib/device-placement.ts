import { useMutation, useQueryClient } from "@tanstack/react-query";
import {
  moveDevice,
  removeDevice,
  type TMoveDeviceRequest,
  type TRemoveDeviceRequest,
} from "@vrf/contract/devices/placement.ts";
import { call } from "./api-client.ts";

/**
 * A device moved or removed changes what many pages show (device and unit lists, a project's
 * counts and device tab, faults, the dashboard), and those pages' query keys belong to their
 * features: every cached query is marked stale, and the ones on screen load again.
 */
const useRefreshEverything = () => {
  const queryClient = useQueryClient();
  return () => void queryClient.invalidateQueries();
};

/** Moves a Hi-MIT, Hi-Dom or SmartTouch device to another project; its units and faults go with it. */
export const useMoveDevice = () => {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (input: TMoveDeviceRequest) => call(moveDevice, input, { silent: true }),
    onSuccess: refresh,
  });
};

/** Removes a Hi-MIT, Hi-Dom or SmartTouch device for good. */
export const useRemoveDevice = () => {
  const refresh = useRefreshEverything();
  return useMutation({
    mutationFn: (input: TRemoveDeviceRequest) => call(removeDevice, input, { silent: true }),
    onSuccess: refresh,
  });
};
