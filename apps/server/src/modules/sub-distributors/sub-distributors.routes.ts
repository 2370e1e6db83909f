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

export default async function subDistributorRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, subDistributors } = services;
  // Both sides are distributor accounts: a sub-distributor (roleNum 3) neither invites nor is invited.
  const distributorOnly = moduleOf([2], [1]);

  addRoute(app, sessions, listSubDistributors, distributorOnly, (input, { caller }) =>
    subDistributors.list(caller, input),
  );
  addRoute(app, sessions, countSubDistributors, distributorOnly, (_input, { caller }) =>
    subDistributors.counts(caller),
  );
  addRoute(app, sessions, addSubDistributor, distributorOnly, (input, { caller }) =>
    subDistributors.add(caller, input),
  );
  addRoute(app, sessions, submitSubDistributor, distributorOnly, (input, { caller }) =>
    subDistributors.submit(caller, input.id),
  );
  addRoute(app, sessions, updateSubDistributorNote, distributorOnly, (input, { caller }) =>
    subDistributors.updateNote(caller, input.id, input.note),
  );
  addRoute(app, sessions, deleteSubDistributor, distributorOnly, (input, { caller }) =>
    subDistributors.remove(caller, input.id),
  );
  addRoute(app, sessions, releaseSubDistributor, distributorOnly, (input, { caller }) =>
    subDistributors.release(caller, input.id),
  );
  addRoute(app, sessions, listSubDistributorEvents, distributorOnly, (input, { caller }) =>
    subDistributors.events(caller, input.id),
  );
  addRoute(app, sessions, listInvitations, distributorOnly, (input, { caller }) =>
    subDistributors.invitations(caller, input),
  );
  addRoute(app, sessions, acceptInvitation, distributorOnly, (input, { caller }) =>
    subDistributors.accept(caller, input.id),
  );
  addRoute(app, sessions, returnInvitation, distributorOnly, (input, { caller }) =>
    subDistributors.returnInvitation(caller, input.id, input.reason),
  );
}
