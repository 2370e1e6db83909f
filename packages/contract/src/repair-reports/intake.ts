import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { hasSpecialOrChinese, NOTE_MAX, ZEmail, ZPhone } from "../rules.ts";

const text = (max: number) => z.string().trim().max(max, { message: "tooLong" });

/**
 * What the end-user app sends. The serial number decides which distributor
 * receives the report; the answer never says which one.
 */
export const ZRepairReportIntakeRequest = z.object({
  userName: text(100).min(1, { message: "required" }),
  country: text(60).default(""),
  address: text(200).default(""),
  email: ZEmail,
  phone: z.union([ZPhone, z.literal("")]).default(""),
  productModel: text(64).default(""),
  serialNumber: text(64)
    .min(1, { message: "required" })
    .refine((v) => !hasSpecialOrChinese(v), { message: "specialCharacters" }),
  content: z.string().trim().min(1, { message: "required" }).max(NOTE_MAX, { message: "tooLong" }),
});
export type TRepairReportIntakeRequest = z.input<typeof ZRepairReportIntakeRequest>;

export const intakeRepairReport = defineEndpoint({
  method: "POST",
  path: "/hmt-web/distributor/repair_report/intake",
  request: ZRepairReportIntakeRequest,
  response: z.object({ reference: z.string(), reportedAt: z.string() }),
});
