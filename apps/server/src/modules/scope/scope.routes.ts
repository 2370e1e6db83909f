import { listOrganisationOptions, listProjectOptions } from "@vrf/contract/distributor/options.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function scopeRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, scope } = services;
  const distributorCloud = moduleOf([2]);

  addRoute(app, sessions, listOrganisationOptions, distributorCloud, async (_input, { caller }) => ({
    list: await scope.organisationOptions(await scope.of(caller)),
  }));
  addRoute(app, sessions, listProjectOptions, distributorCloud, async (input, { caller }) => ({
    list: await scope.projectOptions(await scope.of(caller), input.keyword, input.limit),
  }));
}
