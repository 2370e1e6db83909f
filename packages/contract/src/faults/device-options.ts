import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";
import { DEVICE_KINDS } from "./fault-filters.ts";

export const ZFaultDeviceOption = z.object({
  id: z.number().int(),
  kind: z.enum(DEVICE_KINDS),
  serialNumber: z.string(),
  projectName: z.string().nullable(),
});
export type TFaultDeviceOption = z.output<typeof ZFaultDeviceOption>;

/**
 * Devices for the fault filter: serial number or device ID matching `keyword`,
 * optionally within one project; `id` fetches one (to label a preselected device).
 */
export const listFaultDeviceOptions = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/faults/device-options",
  request: z.object({
    keyword: ZText(64).optional(),
    projectId: z.coerce.number().int().positive().optional(),
    id: z.coerce.number().int().positive().optional(),
    limit: z.coerce.number().int().min(1).max(100).default(30),
  }),
  response: z.object({ list: z.array(ZFaultDeviceOption) }),
});
