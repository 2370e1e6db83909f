import type { FastifyInstance } from "fastify";
import type { Services } from "../../services.ts";

export default async function repairReportRoutes(_app: FastifyInstance, _options: { services: Services }) {}
