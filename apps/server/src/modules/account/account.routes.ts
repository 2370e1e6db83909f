import { hiDomLogout, loginPwd, logout, portalLogout } from "@vrf/contract/account/login.ts";
import { checkMailboxCode, getMailboxCode } from "@vrf/contract/account/mailbox-code.ts";
import { changePwd, resetPwd } from "@vrf/contract/account/password.ts";
import { mailboxRegist } from "@vrf/contract/account/register.ts";
import type { FastifyInstance, FastifyRequest } from "fastify";
import { ACCOUNT, addRoute, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

const clientOf = (request: FastifyRequest) => ({ ip: request.ip, userAgent: request.headers["user-agent"] });

export default async function accountRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { account, mailboxCodes, sessions, loginLogs, live, securityEvents } = services;
  // Code and sign-in calls are what attackers hammer: tighter than the global limit.
  const strict = { rateLimit: services.limits.strict };

  addRoute(
    app,
    sessions,
    getMailboxCode,
    PUBLIC,
    (input, { language }) => mailboxCodes.send(input.email, input.type, language),
    strict,
  );
  addRoute(
    app,
    sessions,
    checkMailboxCode,
    PUBLIC,
    (input) => mailboxCodes.verify(input.email, input.type, input.code),
    strict,
  );
  addRoute(
    app,
    sessions,
    loginPwd,
    PUBLIC,
    (input, { request, reply }) => {
      // A token must not be kept by a browser or proxy cache.
      reply.header("cache-control", "no-store");
      return account.login(input, clientOf(request));
    },
    strict,
  );

  addRoute(app, sessions, mailboxRegist, PUBLIC, (input, { language, request }) =>
    account.register(input, language, clientOf(request)),
  );
  addRoute(app, sessions, resetPwd, PUBLIC, async (input, { request }) => {
    await account.resetPassword(input, clientOf(request));
    return null;
  });
  addRoute(app, sessions, changePwd, ACCOUNT, async (input, { caller, request }) => {
    await account.changePassword(caller, input, clientOf(request));
    return null;
  });

  for (const endpoint of [logout, portalLogout]) {
    addRoute(app, sessions, endpoint, ACCOUNT, async (_input, { caller, request }) => {
      const ended = await sessions.logout(caller);
      live.closeSessions(ended);
      await loginLogs.record({
        accountId: caller.accountId,
        event: "logout",
        authorityNum: caller.authorityNum,
        ip: request.ip,
      });
      await securityEvents.record({
        organisationId: caller.organisationId,
        accountId: caller.accountId,
        email: caller.email,
        type: "signOut",
        ip: request.ip,
        userAgent: request.headers["user-agent"] ?? null,
      });
      return null;
    });
  }

  addRoute(app, sessions, hiDomLogout, ACCOUNT, async (input, { caller, request }) => {
    await loginLogs.record({
      accountId: caller.accountId,
      event: `notice:${input.noticeType ?? "UserLogout"}`,
      authorityNum: caller.authorityNum,
      ip: request.ip,
    });
    return null;
  });
}
