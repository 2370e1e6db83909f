import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";
import { ZEmail, ZText } from "../rules.ts";

export const ZNotificationSettings = z.object({
  repairInfo: z.boolean(),
  dailyFaultReport: z.boolean(),
  hour: z.number().int().min(0).max(23),
  email: z.union([ZEmail, z.literal("")]),
  /** IANA zone the hour is read in, e.g. "Asia/Shanghai". */
  timezone: ZText(64).min(1),
});
export type TNotificationSettings = z.output<typeof ZNotificationSettings>;

export const getNotificationSettings = defineEndpoint({
  method: "GET",
  path: "/hmt-web/account/get_notification_settings",
  request: z.object({}),
  response: ZNotificationSettings,
});

export const updateNotificationSettings = defineEndpoint({
  method: "POST",
  path: "/hmt-web/account/update_notification_settings",
  request: ZNotificationSettings.refine((s) => !s.dailyFaultReport || s.email !== "", {
    message: "emailRequiredForReport",
    path: ["email"],
  }),
  response: ZNotificationSettings,
});
