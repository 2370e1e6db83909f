import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

export default async function subDistributorRoutes(_app: FastifyInstance, _options: { services: Services }) {}
