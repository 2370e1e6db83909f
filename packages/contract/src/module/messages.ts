import { z } from "zod";
import { defineEndpoint } from "../endpoint.ts";

/**
 * Announcement formats: 5 = data is JSON {title,text} (content as fallback);
 * 7 = a device warning {wifiid, warning}; 8 = type 12 puts {title,text} in data,
 * other types in content.
 */
export const ZAnnouncement = z.object({
  id: z.number().int(),
  formatId: z.union([z.literal(5), z.literal(7), z.literal(8)]),
  startTime: z.number().int(),
  content: z.string(),
  read: z.boolean(),
});
export type TAnnouncement = z.output<typeof ZAnnouncement>;

export const messageInfo = defineEndpoint({
  method: "GET",
  path: "/hmt-web/himit-checker/msg/info",
  request: z.object({}),
  response: z.object({ ejectFlag: z.boolean(), msgInfos: z.array(ZAnnouncement) }),
});

export const markMessagesRead = defineEndpoint({
  method: "POST",
  path: "/hmt-web/himit-checker/msg/read",
  request: z.object({ ids: z.array(z.number().int()).min(1).max(200) }),
  response: z.null(),
});
