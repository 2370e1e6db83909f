import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { Endpoint } from "@vrf/contract/endpoint.ts";
import { okEnvelope, ZEnvelope } from "@vrf/contract/envelope.ts";
import { Errors } from "@vrf/contract/errors.ts";
import type { FastifyInstance, FastifyReply, FastifyRequest } from "fastify";
import type { ZodTypeProvider } from "fastify-type-provider-zod";
import type { z } from "zod";
import { AppError } from "../app-error.ts";
import { asReport } from "../db/query-context.ts";
import type { Caller, SessionProblem, SessionService } from "../modules/session/session.service.ts";
import { isReadOnlyRequest } from "./cancel-on-disconnect.ts";
import type { KeptRule } from "./kept-answers.ts";
import { PreparedAnswer, sendPrepared } from "./prepared-answer.ts";

/**
 * Who may call a route, declared next to it. There is no default: a route
 * without an access rule cannot be registered.
 * - public: anyone (rate limits still apply);
 * - account: any live session of the account platform or a module;
 * - module: a module session of one of these authorities (and roleNums, if given).
 */
export type Access =
  | { kind: "public" }
  | { kind: "account" }
  | { kind: "module"; authorities: readonly number[]; roleNums?: readonly number[] };

export const PUBLIC = { kind: "public" } as const satisfies Access;
export const ACCOUNT = { kind: "account" } as const satisfies Access;
export const anyModule = { kind: "module", authorities: [2, 5] } as const satisfies Access;
export const moduleOf = (
  authorities: readonly number[],
  roleNums?: readonly number[],
): { kind: "module"; authorities: readonly number[]; roleNums?: readonly number[] } =>
  roleNums ? { kind: "module", authorities, roleNums } : { kind: "module", authorities };

export interface RouteContext<A extends Access> {
  request: FastifyRequest;
  reply: FastifyReply;
  caller: A extends { kind: "public" } ? Caller | null : Caller;
  /** The language the caller reads: the last tag of Accept-Language ("zh_CN,en" -> en). */
  language: LanguageCode;
}

declare module "fastify" {
  interface FastifyRequest {
    caller: Caller | null;
  }
}

export const tokenOf = (request: FastifyRequest): string | undefined => {
  const header = request.headers.authorization;
  if (header?.startsWith("Bearer ")) return header.slice(7).trim();
  const fromBody = (request.body as { accessToken?: unknown } | undefined)?.accessToken;
  if (typeof fromBody === "string" && fromBody) return fromBody;
  const fromQuery = (request.query as { accessToken?: unknown } | undefined)?.accessToken;
  if (typeof fromQuery === "string" && fromQuery) return fromQuery;
  return undefined;
};

export const languageOf = (request: FastifyRequest): LanguageCode => {
  const tags = (request.headers["accept-language"] ?? "").split(",").map((t) => t.trim().toLowerCase());
  const last = tags.filter(Boolean).at(-1) ?? "";
  return last.startsWith("en") ? "en" : last.startsWith("zh") ? "zh" : "en";
};

const moduleProblem: Record<SessionProblem, AppError> = {
  missing: new AppError(Errors.illegalToken),
  illegal: new AppError(Errors.illegalToken),
  expired: new AppError(Errors.tokenExpired),
  revoked: new AppError(Errors.sessionEnded),
};

export const authorise = async (
  sessions: SessionService,
  access: Access,
  request: FastifyRequest,
): Promise<Caller | null> => {
  // A call that only reads may be answered from a lookup of the last moment; one that writes never is.
  const lookup = { cached: isReadOnlyRequest(request) };
  if (access.kind === "public") {
    const resolved = await sessions.resolve(tokenOf(request), lookup);
    return typeof resolved === "string" ? null : resolved;
  }
  const resolved = await sessions.resolve(tokenOf(request), lookup);
  if (access.kind === "account") {
    if (typeof resolved === "string") throw new AppError(Errors.accountTokenInvalid);
    return resolved;
  }
  if (typeof resolved === "string") throw moduleProblem[resolved];
  if (resolved.authorityNum === null || !access.authorities.includes(resolved.authorityNum)) {
    throw new AppError(Errors.forbidden);
  }
  if (access.roleNums && !access.roleNums.includes(resolved.roleNum)) throw new AppError(Errors.forbidden);
  return resolved;
};

export interface RouteOptions {
  rateLimit?: { max: number; timeWindow: string };
  /** A POST that only reads (a list): cancelled when its client goes away, as GET routes are. */
  readOnly?: boolean;
  /** Heavy aggregates: run on the report pool, so they cannot take the pages' connections. */
  report?: boolean;
  /** A smaller body limit than the app's 1 MB (bytes); a larger body answers 413. */
  bodyLimit?: number;
  /** A list answered from its kept answer while nothing it reads has changed (plugins/kept-answers.ts). */
  kept?: KeptRule;
}

/** Registers a contract endpoint: schema validation, access rule, envelope. */
export function addRoute<E extends Endpoint, A extends Access>(
  app: FastifyInstance,
  sessions: SessionService,
  endpoint: E,
  access: A,
  handler: (
    input: z.output<E["request"]>,
    ctx: RouteContext<A>,
  ) => Promise<z.input<E["response"]> | PreparedAnswer> | z.input<E["response"]> | PreparedAnswer,
  options: RouteOptions = {},
) {
  const input = endpoint.method === "GET" ? { querystring: endpoint.request } : { body: endpoint.request };
  app.withTypeProvider<ZodTypeProvider>().route({
    method: endpoint.method,
    url: endpoint.path,
    config: {
      ...(options.rateLimit ? { rateLimit: options.rateLimit } : {}),
      ...(options.readOnly ? { readOnly: true } : {}),
    },
    ...(options.bodyLimit ? { bodyLimit: options.bodyLimit } : {}),
    schema: { ...input, response: { 200: ZEnvelope(endpoint.response) } },
    // Before validation, so a request without a session is refused as such, not as bad input.
    preValidation: async (request) => {
      request.caller = await authorise(sessions, access, request);
    },
    handler: async (request, reply) => {
      const run = async () =>
        handler((endpoint.method === "GET" ? request.query : request.body) as z.output<E["request"]>, {
          request,
          reply,
          caller: request.caller as RouteContext<A>["caller"],
          language: languageOf(request),
        });
      const build = options.report ? () => asReport(run) : run;
      if (options.kept && request.caller) {
        const answer = await app.keptAnswers.answer(
          options.kept,
          {
            route: `${endpoint.method} ${endpoint.path}`,
            caller: request.caller,
            language: languageOf(request),
            input: endpoint.method === "GET" ? request.query : request.body,
          },
          build,
          // The route's compiled serializer: only contract fields, checked against zod in tests.
          (data) => reply.serialize(okEnvelope(data ?? null)) as string,
        );
        return sendPrepared(request, reply, answer);
      }
      const data = await build();
      // Already in its wire form (plugins/prepared-answer.ts): built from the same schema, sent as is.
      if (data instanceof PreparedAnswer) return sendPrepared(request, reply, data);
      return okEnvelope(data ?? null);
    },
  });
}
