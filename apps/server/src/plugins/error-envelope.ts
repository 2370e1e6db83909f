import { type ErrorDefinition, Errors, errorByCode, errorByKey } from "@vrf/contract/errors.ts";
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import { hasZodFastifySchemaValidationErrors } from "fastify-type-provider-zod";
import { AppError } from "../app-error.ts";
import { QueryTimeoutError, RequestAbandonedError } from "../db/query-context.ts";
import { DatabaseUnavailableError } from "../db/unavailable.ts";

interface FieldProblem {
  path: string;
  message: string;
}

export const sendError = (reply: FastifyReply, definition: ErrorDefinition, data: unknown = null) =>
  reply
    .status(definition.http)
    .type("application/json; charset=utf-8")
    .send({ errorCode: definition.errorCode, code: definition.code ?? definition.http, msg: definition.key, data });

/**
 * Maps a request-schema failure to the most specific catalogue entry: a rule
 * message that names one (e.g. "passwordLength") wins, a missing field is
 * "parameter empty", anything else is "parameter error". The field list goes
 * back in `data` so forms can point at the field.
 */
const validationDefinition = (problems: FieldProblem[], missing: boolean): ErrorDefinition => {
  for (const p of problems) {
    const named = errorByKey(p.message);
    if (named) return named;
  }
  return missing ? Errors.parameterEmpty : Errors.parameterError;
};

export function registerErrorEnvelope(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request: FastifyRequest, reply: FastifyReply) => {
    if (error instanceof AppError) return sendError(reply, error.definition, error.detail ?? null);

    if (hasZodFastifySchemaValidationErrors(error)) {
      const problems = error.validation.map((v) => ({
        path: v.instancePath.replace(/^\//, "").replaceAll("/", "."),
        message: v.message ?? "",
      }));
      const missing = error.validation.some((v) => v.keyword === "invalid_type" && /undefined/.test(v.message ?? ""));
      return sendError(reply, validationDefinition(problems, missing), { fields: problems });
    }

    if (error instanceof DatabaseUnavailableError) {
      // A warning, not an error: the pool reconnects by itself once PostgreSQL is back.
      request.log.warn({ reason: error.message }, "database unavailable");
      return sendError(reply, Errors.databaseUnavailable);
    }

    if (error instanceof QueryTimeoutError) {
      request.log.warn({ url: request.routeOptions.url }, "statement timeout");
      return sendError(reply, Errors.queryTimeout);
    }

    // Nobody is left to read the answer; it is written for the record (the access log) only.
    if (error instanceof RequestAbandonedError) {
      request.log.info("client gone: its statements were cancelled");
      return sendError(reply, Errors.queryTimeout);
    }

    const status = error.statusCode ?? 500;
    if (status === 429) return sendError(reply, Errors.tooManyRequests);
    if (status === 413) return sendError(reply, Errors.payloadTooLarge);
    if (status === 415 || status === 400) {
      return sendError(reply, Errors.parameterError, { reason: error.code ?? "badRequest" });
    }
    if (status === 404) return sendError(reply, Errors.routeNotFound);
    if (status < 500) return sendError(reply, errorByCode(Errors.parameterError.errorCode) ?? Errors.parameterError);

    request.log.error({ err: error }, "unhandled error");
    return sendError(reply, Errors.internal);
  });
}
