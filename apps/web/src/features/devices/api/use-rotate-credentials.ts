import { useMutation } from "@tanstack/react-query";
import { rotateDeviceCredentials } from "@vrf/contract/devices/credentials.ts";
import { call } from "../../../lib/api-client.ts";

/** Issues a device a new MQTT password; the old one stops working at once. The answer is the only copy. */
export const useRotateCredentials = () =>
  useMutation({
    mutationFn: (deviceId: number) => call(rotateDeviceCredentials, { deviceId }, { silent: true }),
  });
