import multipart from "@fastify/multipart";
import { okEnvelope } from "@vrf/contract/envelope.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../app-error.ts";
import {
  type Access,
  authorise,
  languageOf,
  type RouteContext,
  type RouteOptions,
} from "../../plugins/endpoint-route.ts";
import type { SessionService } from "../session/session.service.ts";
import type { UploadedFile } from "./spreadsheet-reader.ts";

/**
 * Multipart parsing for this plugin only (Fastify encapsulation): one file of
 * at most `maxFileBytes`; a larger one is refused with 413 before it is kept.
 */
export const registerUploads = (app: FastifyInstance, maxFileBytes: number) =>
  app.register(multipart, { limits: { fileSize: maxFileBytes, files: 1, fields: 20, fieldSize: 4096, parts: 22 } });

/**
 * A route that receives one uploaded file (form field `fileField`) and answers
 * with the JSON envelope. The session is checked before the upload is read.
 * The caller's token travels in the Authorization header.
 */
export function addUploadRoute<A extends Access, R>(
  app: FastifyInstance,
  sessions: SessionService,
  endpoint: { method: "POST"; path: string; fileField: string },
  access: A,
  handler: (file: UploadedFile, ctx: RouteContext<A>) => Promise<R>,
  options: RouteOptions = {},
) {
  app.route({
    method: endpoint.method,
    url: endpoint.path,
    ...(options.rateLimit ? { config: { rateLimit: options.rateLimit } } : {}),
    preValidation: async (request) => {
      request.caller = await authorise(sessions, access, request);
    },
    handler: async (request, reply) => {
      if (!request.isMultipart()) throw new AppError(Errors.invalidFile, { reason: "type" });
      let file: UploadedFile | undefined;
      for await (const part of request.parts()) {
        if (part.type !== "file") continue;
        const content = await part.toBuffer();
        if (part.fieldname === endpoint.fileField && !file) file = { fileName: part.filename, content };
      }
      if (!file)
        throw new AppError(Errors.parameterEmpty, { fields: [{ path: endpoint.fileField, message: "required" }] });
      const data = await handler(file, {
        request,
        reply,
        caller: request.caller as RouteContext<A>["caller"],
        language: languageOf(request),
      });
      return okEnvelope(data);
    },
  });
}
