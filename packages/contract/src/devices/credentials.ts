import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZId } from "./common.ts";

export const ZDeviceCredentials = z.object({
  /** MQTT client id and username: the device's serial number. */
  username: z.string(),
  /** Shown once; only its hash is kept. */
  password: z.string(),
  issuedAt: z.string(),
});
export type TDeviceCredentials = z.output<typeof ZDeviceCredentials>;

export const rotateDeviceCredentials = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/devices/credentials/rotate",
  request: z.object({ deviceId: ZId }),
  response: ZDeviceCredentials,
});
