import { Writable } from "node:stream";
import { pipeline } from "node:stream/promises";
import multipart from "@fastify/multipart";
import { okEnvelope } from "@vrf/contract/envelope.ts";
import { Errors } from "@vrf/contract/errors.ts";
import {
  deleteSoftwarePackage,
  downloadSoftwarePackage,
  getSoftwarePackageRules,
  listSoftwarePackages,
  uploadSoftwarePackage,
} from "@vrf/contract/hi-checker/software-packages.ts";
import type { FastifyInstance } from "fastify";
import { AppError } from "../../app-error.ts";
import { addDownloadRoute } from "../../plugins/download-route.ts";
import { addRoute, authorise, moduleOf } from "../../plugins/endpoint-route.ts";
import type { Services } from "../../services.ts";
import type { CheckedUpload, Importer, PackageFields } from "./software-packages.service.ts";

/** Form fields are short (a kind, a version, SPEC section 3's common data). */
const FIELD_MAX_BYTES = 4096;

/**
 * The Hi-Checker module's software packages (authority 5), the caller's organisation's only: a
 * package of another organisation answers 404 like one that does not exist.
 */
export default async function softwarePackageRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, softwarePackages } = services;
  const hiChecker = moduleOf([5]);
  const { maxBytes } = softwarePackages.rules();
  // The multipart parser stops at the largest kind's limit; the service holds each kind to its own.
  await app.register(multipart, {
    limits: {
      fileSize: Math.max(maxBytes.pc, maxBytes.firmware) + 1,
      files: 1,
      fields: 20,
      fieldSize: FIELD_MAX_BYTES,
      parts: 22,
    },
  });

  addRoute(app, sessions, getSoftwarePackageRules, hiChecker, async () => softwarePackages.rules());
  addRoute(app, sessions, listSoftwarePackages, hiChecker, (input, { caller }) =>
    softwarePackages.list(caller.organisationId, input),
  );
  addDownloadRoute(app, sessions, downloadSoftwarePackage, hiChecker, (input, { caller }) =>
    softwarePackages.download(caller.organisationId, input.id),
  );
  addRoute(app, sessions, deleteSoftwarePackage, hiChecker, (input, { caller }) =>
    softwarePackages.delete(caller.organisationId, input.id),
  );

  // The upload streams: the file goes to disk as it arrives rather than into memory (up to 500 MB),
  // and is checked (its fields, name and the version's uniqueness) before its first byte is read.
  app.route({
    method: uploadSoftwarePackage.method,
    url: uploadSoftwarePackage.path,
    config: { rateLimit: services.limits.strict },
    preValidation: async (request) => {
      request.caller = await authorise(sessions, hiChecker, request);
    },
    handler: async (request) => {
      if (!request.isMultipart()) throw new AppError(Errors.invalidFile, { reason: "type" });
      const caller = request.caller;
      if (!caller) throw new AppError(Errors.accountTokenInvalid);
      const importer: Importer = { accountId: caller.accountId, organisationId: caller.organisationId };
      const fields: PackageFields = {};
      let kept: Awaited<ReturnType<typeof softwarePackages.receive>> | undefined;
      for await (const part of request.parts()) {
        if (part.type === "field") {
          if (part.fieldname === "kind" || part.fieldname === "version") fields[part.fieldname] = String(part.value);
          continue;
        }
        if (part.fieldname !== uploadSoftwarePackage.fileField || kept) {
          part.file.resume();
          continue;
        }
        let checked: CheckedUpload;
        try {
          checked = await softwarePackages.check(importer, fields, part.filename);
        } catch (error) {
          // Read the file to its end (the parser's cap bounds it) and drop it: a browser that is still
          // sending when the answer comes reports a broken connection instead of the refusal.
          await pipeline(part.file, new Writable({ write: (_chunk, _encoding, done) => done() })).catch(() => {});
          throw error;
        }
        kept = await softwarePackages.receive(importer, checked, part.file);
      }
      if (!kept)
        throw new AppError(Errors.parameterEmpty, {
          fields: [{ path: uploadSoftwarePackage.fileField, message: "required" }],
        });
      return okEnvelope(kept);
    },
  });
}
