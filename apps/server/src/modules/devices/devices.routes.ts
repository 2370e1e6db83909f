import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

export default async function deviceRoutes(_app: FastifyInstance, _options: { services: Services }) {}
