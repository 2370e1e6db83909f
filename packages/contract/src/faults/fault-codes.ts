import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZText } from "../rules.ts";

export const FAULT_SEVERITIES = ["critical", "major", "minor"] as const;

export const ZFaultCodeEntry = z.object({
  code: z.string(),
  /** Name and suggested checks in the caller's language. */
  name: z.string(),
  checks: z.string(),
  severity: z.string(),
});
export type TFaultCodeEntry = z.output<typeof ZFaultCodeEntry>;

/** The fault-code catalogue (a few dozen entries, so not paged), matching code or name. */
export const listFaultCodes = defineEndpoint({
  method: "GET",
  path: "/hmt-web/distributor/faults/codes",
  request: z.object({ keyword: ZText(50).optional() }),
  response: z.object({ list: z.array(ZFaultCodeEntry) }),
});
