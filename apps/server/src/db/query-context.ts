import { AsyncLocalStorage } from "node:async_hooks";

/**
 * Which PostgreSQL pool a statement runs on:
 * - interactive: pages and forms, a short statement timeout;
 * - report: exports, statistics and the daily report, a pool of their own (so a few slow ones
 *   cannot take every connection the pages need) and a longer statement timeout;
 * - maintenance: migrations, without a statement timeout (a second instance may wait minutes for
 *   the migration lock while the first one runs).
 * PGlite has one connection and ignores all of this.
 */
export type Lane = "interactive" | "report" | "maintenance";

/** The database work of one HTTP request (or of one background job). */
export interface RequestQueries {
  /** Set once the client has gone: nothing more is asked of the database for it. */
  abandoned: boolean;
  /** The pooled connections held right now, each with the way to cancel what it is running. */
  readonly held: Map<object, () => void>;
}

interface QueryContext {
  lane: Lane;
  request: RequestQueries;
}

const storage = new AsyncLocalStorage<QueryContext>();

export const newRequestQueries = (): RequestQueries => ({ abandoned: false, held: new Map() });

/** What the pool consults when a statement asks for a connection. */
export const currentQueryContext = (): QueryContext | undefined => storage.getStore();

/** Runs `work` (and everything it starts) as the database work of `request`, on the interactive pool. */
export const runForRequest = <T>(request: RequestQueries, work: () => T): T =>
  storage.run({ lane: "interactive", request }, work);

const inLane =
  (lane: Lane) =>
  <T>(work: () => Promise<T>): Promise<T> =>
    // The request's state is shared, not copied: a client leaving during a report still cancels it.
    storage.run({ lane, request: storage.getStore()?.request ?? newRequestQueries() }, work);

/** Statements of `work` run on the report pool, under the report statement timeout. */
export const asReport = inLane("report");

/** Statements of `work` run without a statement timeout, on a connection of their own (migrations). */
export const asMaintenance = inLane("maintenance");

/**
 * The client of `request` is gone: statements running for it are cancelled and it gets no more.
 * Only requests that read are given up on this way (plugins/cancel-on-disconnect.ts).
 */
export const abandon = (request: RequestQueries): void => {
  if (request.abandoned) return;
  request.abandoned = true;
  for (const cancel of request.held.values()) cancel();
};

/** A statement ran longer than the statement timeout of its pool (SQLSTATE 57014, not asked for by us). */
export class QueryTimeoutError extends Error {
  constructor(cause: unknown) {
    super("statement timeout", { cause });
    this.name = "QueryTimeoutError";
  }
}

/** A statement refused or cancelled because the client it was for has gone. */
export class RequestAbandonedError extends Error {
  constructor(cause?: unknown) {
    super("client gone: statement cancelled", { cause });
    this.name = "RequestAbandonedError";
  }
}
