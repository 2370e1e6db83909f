import { searchPlaces } from "@vrf/contract/projects/place-search.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";

export default async function placeSearchRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, placeSearch } = services;
  // Where projects are written: the Distributor Cloud.
  addRoute(app, sessions, searchPlaces, moduleOf([2]), (input, { caller, language, request }) =>
    placeSearch.search(caller, input, language, request.log),
  );
}
