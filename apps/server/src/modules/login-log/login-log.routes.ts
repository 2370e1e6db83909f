import { saveLoginLog } from "@vrf/contract/account/login-log.ts";
import type { FastifyInstance } from "fastify";
import { ACCOUNT, addRoute } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function loginLogRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, loginLogs } = services;
  addRoute(app, sessions, saveLoginLog, ACCOUNT, async (input, { caller, request }) => {
    await loginLogs.record({
      accountId: caller.accountId,
      event: "module-login",
      authorityNum: input.authorityNum ?? caller.authorityNum,
      ip: request.ip,
      userAgent: request.headers["user-agent"],
    });
    return null;
  });
}
