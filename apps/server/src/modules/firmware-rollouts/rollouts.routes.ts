import { Errors } from "@vrf/contract/errors.ts";
import {
  createRollout,
  FIRMWARE_DOWNLOAD_PATH,
  getRollout,
  listRollouts,
  listRolloutTargets,
  pauseRollout,
  resumeRollout,
} from "@vrf/contract/hi-checker/rollouts.ts";
import type { FastifyInstance } from "fastify";
import { z } from "zod";
import { addRoute, moduleOf } from "../../plugins/endpoint-route.ts";
import { sendError } from "../../plugins/error-envelope.ts";
import type { Services } from "../../services.ts";
import { checkerScopeOf } from "../scope/scope.service.ts";

const ZDownload = z.object({
  rolloutId: z.uuid(),
  deviceId: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER),
  token: z.string().regex(/^[A-Za-z0-9_-]{43}$/),
});

/**
 * Firmware rollouts of the Hi-Checker module (authority 5): the caller's organisation's, to the
 * checkers of the caller's checker scope. And the one route a checker calls over HTTP: its update's
 * package, opened by the token its `ota` command carried rather than by a session.
 */
export default async function rolloutRoutes(app: FastifyInstance, { services }: { services: Services }) {
  const { sessions, rollouts } = services;
  const hiChecker = moduleOf([5]);

  addRoute(app, sessions, createRollout, hiChecker, (input, { caller }) =>
    rollouts.create(checkerScopeOf(caller), caller, input),
  );
  addRoute(app, sessions, listRollouts, hiChecker, (input, { caller }) => rollouts.list(caller.organisationId, input));
  addRoute(app, sessions, getRollout, hiChecker, (input, { caller }) => rollouts.get(caller.organisationId, input.id));
  addRoute(app, sessions, listRolloutTargets, hiChecker, (input, { caller }) =>
    rollouts.targets(caller.organisationId, input),
  );
  addRoute(app, sessions, pauseRollout, hiChecker, (input, { caller }) =>
    rollouts.move(caller.organisationId, input.id, "paused"),
  );
  addRoute(app, sessions, resumeRollout, hiChecker, (input, { caller }) =>
    rollouts.move(caller.organisationId, input.id, "running"),
  );

  // Whatever is wrong with the link (malformed, another checker's, an update that ended), it opens
  // nothing and says no more than "not found".
  app.get(FIRMWARE_DOWNLOAD_PATH, {
    config: { readOnly: true },
    handler: async (request, reply) => {
      const parsed = ZDownload.safeParse({ ...(request.params as object), ...(request.query as object) });
      if (!parsed.success) return sendError(reply, Errors.notFound);
      const file = await rollouts.openDownload(parsed.data.rolloutId, parsed.data.deviceId, parsed.data.token);
      if (!file) return sendError(reply, Errors.notFound);
      return reply
        .header("content-type", "application/octet-stream")
        .header("content-length", file.sizeBytes)
        .header("content-disposition", `attachment; filename*=UTF-8''${encodeURIComponent(file.fileName)}`)
        .header("cache-control", "no-store")
        .send(file.stream);
    },
  });
}
