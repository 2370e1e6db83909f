import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZDeviceKind } from "../projects/project-fields.ts";
import { ZId } from "./common.ts";

/** A device's kind by its id alone, for links that do not know it (`devicedetails/:id`). */
export const locateDevice = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/devices/locate",
  request: z.object({ id: ZId }),
  response: z.object({ id: z.number().int(), kind: ZDeviceKind }),
});
