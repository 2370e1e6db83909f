import type { LanguageCode } from "@vrf/contract/constants.ts";
import type { Clock } from "../clock.ts";
import type { DataArea } from "../db/data-changes.ts";
import type { DataVersions } from "../db/data-versions.ts";
import type { Caller } from "../modules/session/session.service.ts";
import { createAnswerCache, type PreparedAnswer } from "./prepared-answer.ts";

declare module "fastify" {
  interface FastifyInstance {
    keptAnswers: KeptAnswers;
  }
}

/**
 * What a list's answer is built from, declared next to its route: the areas of data it reads, over
 * which organisations, and, for answers that move with the clock (today's counts, the last 30
 * days), how long one stays right without any change.
 */
export interface KeptRule {
  areas: readonly DataArea[];
  organisations: (caller: Caller) => readonly number[];
  /** The answer also depends on the time: kept at most within one step of this length. */
  timeStepMs?: number;
}

/** Answers kept at once, over every route; the least recently used goes first. */
export const KEPT_ANSWERS = 1_000;
/** Larger answers are not kept (a page of 200 rows is about 100 kB of JSON). */
const KEPT_MAX_BYTES = 512 * 1024;
/**
 * All kept answers' JSON together (their compressed forms add a quarter or less): a page of 20 is
 * 5-15 kB, so a thousand fit; bounded so that pages of 200 rows cannot grow the process past
 * its memory budget (the default start stays under 400 MB).
 */
const KEPT_TOTAL_BYTES = 16 * 1024 * 1024;

/**
 * Kept answers: a list's answer, in its wire form (serialised once, compressed once per encoding,
 * with an ETag), reused while nothing it was built from has changed.
 *
 * A page of a list costs the server about a millisecond of work besides the database's: building
 * and compiling the statement, parsing the rows, serialising and compressing the answer. A kept
 * answer costs one read of the scope's change counts (migration 0019) and a write of bytes held.
 * Lists are read far more often than they change, and the same answer is asked for many times at
 * once: every browser showing a list refetches it when a live event names its scope, and the
 * staff of one distributor open the same first pages.
 *
 * Correct by construction, across instances: the version is the sum of the scope's change counts
 * for the areas the answer reads, read from the database for every call before the answer is built
 * (by a read that began after the call; the calls waiting together share it, db/data-versions.ts).
 * Every write to those areas raises it when it commits (triggers; the ingest's telemetry adds its
 * own), so an answer is never served after a change it does not show, on whichever instance the
 * change was made. The key holds everything else the answer depends on: the route, the scope,
 * the caller's role, the language, the validated input and, where the rule says so, the time step.
 */
export const createKeptAnswers = (deps: { versions: DataVersions; clock: Clock; maxEntries?: number }) => {
  const cache = createAnswerCache({
    maxEntries: deps.maxEntries ?? KEPT_ANSWERS,
    maxBytes: KEPT_MAX_BYTES,
    maxTotalBytes: KEPT_TOTAL_BYTES,
  });
  return {
    async answer(
      rule: KeptRule,
      call: { route: string; caller: Caller; language: LanguageCode; input: unknown },
      build: () => Promise<unknown>,
      encode: (data: unknown) => string,
    ): Promise<PreparedAnswer> {
      const organisations = rule.organisations(call.caller);
      // Read before the answer is built: a change committed in between makes the next call a miss.
      const version = await deps.versions.read(organisations, rule.areas);
      const step = rule.timeStepMs ? Math.floor(deps.clock.now().getTime() / rule.timeStepMs) : 0;
      // The token may travel in a body or a query (it belongs to the caller, not to the answer).
      const { accessToken: _token, ...input } = (call.input ?? {}) as Record<string, unknown>;
      const key = JSON.stringify([call.route, organisations, call.caller.roleNum, call.language, step, input]);
      return cache.get(key, version, build, encode);
    },
    get size() {
      return cache.size;
    },
  };
};

export type KeptAnswers = ReturnType<typeof createKeptAnswers>;
