import {
  acceptTeamInvitation,
  declineTeamInvitation,
  listOfferedTeamInvitations,
  previewTeamInvitation,
} from "@vrf/contract/team/join.ts";
import {
  cancelTeamInvitation,
  createTeamInvitation,
  getTeamOrganisation,
  listTeamInvitations,
  listTeamMembers,
  removeTeamMember,
  renameTeamOrganisation,
  updateTeamMember,
} from "@vrf/contract/team/team.ts";
import type { FastifyInstance } from "fastify";
import { ACCOUNT, addRoute, moduleOf, PUBLIC } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { clientOf } from "../security-events/client.ts";

export default async function teamRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, team, teamJoin, live } = services;
  // A team is managed from Distributor Cloud; the service lets only the team's administrators through (403).
  const distributorCloud = moduleOf([2]);

  addRoute(app, sessions, getTeamOrganisation, distributorCloud, (_input, { caller }) => team.organisation(caller));
  addRoute(app, sessions, renameTeamOrganisation, distributorCloud, (input, { caller, request }) =>
    team.rename(caller, input.name, clientOf(request)),
  );
  addRoute(app, sessions, listTeamMembers, distributorCloud, (input, { caller }) => team.members(caller, input), {
    readOnly: true,
  });
  addRoute(app, sessions, updateTeamMember, distributorCloud, async (input, { caller, request }) => {
    const { member, ended } = await team.updateMember(caller, input, clientOf(request));
    live.closeSessions(ended);
    return member;
  });
  addRoute(app, sessions, removeTeamMember, distributorCloud, async (input, { caller, request }) => {
    live.closeSessions(await team.removeMember(caller, input.id, clientOf(request)));
    return null;
  });
  addRoute(
    app,
    sessions,
    listTeamInvitations,
    distributorCloud,
    (input, { caller }) => team.invitations(caller, input),
    { readOnly: true },
  );
  addRoute(app, sessions, createTeamInvitation, distributorCloud, (input, { caller, request }) =>
    team.invite(caller, input, clientOf(request)),
  );
  addRoute(app, sessions, cancelTeamInvitation, distributorCloud, (input, { caller, request }) =>
    team.cancelInvitation(caller, input.id, clientOf(request)),
  );

  // The invited side, on the account platform. The preview is public (a sign-up has no session
  // yet) and, like the code routes, what guessing would hammer: the strict limit.
  addRoute(app, sessions, previewTeamInvitation, PUBLIC, (input) => teamJoin.preview(input), {
    rateLimit: services.limits.strict,
  });
  addRoute(app, sessions, listOfferedTeamInvitations, ACCOUNT, (_input, { caller }) => teamJoin.offered(caller));
  addRoute(app, sessions, acceptTeamInvitation, ACCOUNT, async (input, { caller, request }) => {
    const { ended, ...joined } = await teamJoin.accept(caller, input.id, clientOf(request));
    live.closeSessions(ended);
    return joined;
  });
  addRoute(app, sessions, declineTeamInvitation, ACCOUNT, (input, { caller }) => teamJoin.decline(caller, input.id));
}
