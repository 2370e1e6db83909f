import { acceptInvitation, listInvitations, returnInvitation } from "@vrf/contract/sub-distributors/invitations.ts";
import {
  addSubDistributor,
  countSubDistributors,
  deleteSubDistributor,
  listSubDistributorEvents,
  listSubDistributors,
  releaseSubDistributor,
  submitSubDistributor,
  updateSubDistributorNote,
} from "@vrf/contract/sub-distributors/sub-distributors.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { keptInScope } from "../scope/kept-in-scope.ts";
import { clientOf } from "../security-events/client.ts";

export default async function subDistributorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, subDistributors } = services;
  // Both sides are distributor accounts: a sub-distributor (roleNum 3) neither invites nor is invited.
  const distributorOnly = moduleOf([2], [1]);

  addRoute(
    app,
    sessions,
    listSubDistributors,
    distributorOnly,
    (input, { caller }) => subDistributors.list(caller, input),
    { readOnly: true, kept: keptInScope(["partners", "organisations", "people"]) },
  );
  addRoute(app, sessions, countSubDistributors, distributorOnly, (_input, { caller }) =>
    subDistributors.counts(caller),
  );
  addRoute(app, sessions, addSubDistributor, distributorOnly, (input, { caller, request }) =>
    subDistributors.add(caller, input, clientOf(request)),
  );
  addRoute(app, sessions, submitSubDistributor, distributorOnly, (input, { caller, request }) =>
    subDistributors.submit(caller, input.id, clientOf(request)),
  );
  addRoute(app, sessions, updateSubDistributorNote, distributorOnly, (input, { caller }) =>
    subDistributors.updateNote(caller, input.id, input.note),
  );
  addRoute(app, sessions, deleteSubDistributor, distributorOnly, (input, { caller, request }) =>
    subDistributors.remove(caller, input.id, clientOf(request)),
  );
  addRoute(app, sessions, releaseSubDistributor, distributorOnly, (input, { caller, request }) =>
    subDistributors.release(caller, input.id, clientOf(request)),
  );
  addRoute(app, sessions, listSubDistributorEvents, distributorOnly, (input, { caller }) =>
    subDistributors.events(caller, input.id),
  );
  addRoute(
    app,
    sessions,
    listInvitations,
    distributorOnly,
    (input, { caller }) => subDistributors.invitations(caller, input),
    { readOnly: true },
  );
  addRoute(app, sessions, acceptInvitation, distributorOnly, (input, { caller, request }) =>
    subDistributors.accept(caller, input.id, clientOf(request)),
  );
  addRoute(app, sessions, returnInvitation, distributorOnly, (input, { caller, request }) =>
    subDistributors.returnInvitation(caller, input.id, input.reason, clientOf(request)),
  );
}
