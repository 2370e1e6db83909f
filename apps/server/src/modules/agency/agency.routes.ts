import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

export default async function agencyRoutes(_app: FastifyInstance, _options: { services: Services }) {}
