import { markMessagesRead, messageInfo } from "@vrf/contract/module/messages.ts";
import { ANNOUNCEMENT_OFFSET_MS } from "@vrf/contract/time.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, anyModule, languageOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { announcementInLanguage } from "./announcement-language.ts";

export default async function announcementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, announcements, clock } = services;

  addRoute(app, sessions, messageInfo, anyModule, async (_input, { caller, request }) => {
    // The language the page shows (the request's last Accept-Language tag), so one reader sees one language.
    const language = languageOf(request);
    const rows = await announcements.active(
      caller.accountId,
      caller.authorityNum as number,
      clock.now().getTime() + ANNOUNCEMENT_OFFSET_MS,
    );
    const msgInfos = rows.map((r) => ({
      id: r.id,
      formatId: r.formatId as 5 | 7 | 8,
      startTime: Number(r.startTime),
      content: JSON.stringify(announcementInLanguage(r.content, language)),
      read: Boolean(r.read),
    }));
    return { ejectFlag: msgInfos.some((m) => !m.read), msgInfos };
  });

  addRoute(app, sessions, markMessagesRead, anyModule, async (input, { caller }) => {
    await announcements.markRead(caller.accountId, input.ids, clock.now());
    return null;
  });
}
