import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

/** The import template (xlsx) with headers in the caller's language, an example row and instructions. */
export const downloadDeviceImportTemplate = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/device-import/template",
  request: z.object({}),
  response: z.custom<Blob>((value) => value instanceof Blob),
});
