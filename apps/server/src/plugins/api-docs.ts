import swagger from "@fastify/swagger";
import swaggerUi from "@fastify/swagger-ui";
import type { FastifyInstance } from "fastify";
import { jsonSchemaTransform } from "fastify-type-provider-zod";

/** OpenAPI built from the contract's zod schemas, browsable at /docs. */
export async function registerApiDocs(app: FastifyInstance) {
  await app.register(swagger, {
    openapi: { info: { title: "VRF Cloud API", version: "1.0.0" } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: "/docs" });
}
