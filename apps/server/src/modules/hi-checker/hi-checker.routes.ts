import { getHiCheckerDetail, listHiCheckers } from "@vrf/contract/hi-checker/checkers.ts";
import type { FastifyInstance } from "fastify";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import { checkerScopeOf } from "../scope/scope.service.ts";

/**
 * The Hi-Checker module (authority 5). Its checkers are Distributor Cloud's devices seen through
 * the module's own scope; their answers are not kept (plugins/kept-answers.ts), since checkers bound
 * to an engineer cross the organisations a kept answer's version counts.
 */
export default async function hiCheckerRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, devices } = services;
  const hiChecker = moduleOf([5]);

  addRoute(app, sessions, listHiCheckers, hiChecker, (input, { caller }) =>
    devices.listCheckers(checkerScopeOf(caller), input),
  );
  addRoute(app, sessions, getHiCheckerDetail, hiChecker, (input, { caller }) =>
    devices.checkerDetail(checkerScopeOf(caller), input.id),
  );
}
