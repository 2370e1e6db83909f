import { markMessagesRead, messageInfo } from "@vrf/contract/module/messages.ts";
import { ANNOUNCEMENT_OFFSET_MS } from "@vrf/contract/time.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, anyModule } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function announcementRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, announcements, clock } = services;

  addRoute(app, sessions, messageInfo, anyModule, async (_input, { caller }) => {
    const rows = await announcements.active(
      caller.accountId,
      caller.authorityNum as number,
      clock.now().getTime() + ANNOUNCEMENT_OFFSET_MS,
    );
    const msgInfos = rows.map((r) => ({
      id: r.id,
      formatId: r.formatId as 5 | 7 | 8,
      startTime: Number(r.startTime),
      content: JSON.stringify(r.content),
      read: Boolean(r.read),
    }));
    return { ejectFlag: msgInfos.some((m) => !m.read), msgInfos };
  });

  addRoute(app, sessions, markMessagesRead, anyModule, async (input, { caller }) => {
    await announcements.markRead(caller.accountId, input.ids, clock.now());
    return null;
  });
}
