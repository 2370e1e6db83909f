import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { hasSpecialOrChinese, NOTE_MAX, ZEmail, ZPersonName, ZPhone, ZText } from "../rules.ts";

/**
 * What the end-user app sends. The serial number decides which distributor
 * receives the report; the answer never says which one.
 */
export const ZRepairReportIntakeRequest = z.object({
  userName: ZPersonName(100).min(1, { message: "required" }),
  country: ZText(60).default(""),
  // The end-user app may send a postal address over several lines.
  address: ZText(200, { multiline: true }).default(""),
  email: ZEmail,
  phone: z.union([ZPhone, z.literal("")]).default(""),
  productModel: ZText(64).default(""),
  serialNumber: ZText(64)
    .min(1, { message: "required" })
    .refine((v) => !hasSpecialOrChinese(v), { message: "specialCharacters" }),
  content: ZText(NOTE_MAX, { multiline: true }).min(1, { message: "required" }),
});
export type TRepairReportIntakeRequest = z.input<typeof ZRepairReportIntakeRequest>;

export const intakeRepairReport = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/repair_report/intake",
  request: ZRepairReportIntakeRequest,
  response: z.object({ reference: z.string(), reportedAt: z.string() }),
});
