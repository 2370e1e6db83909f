import { createHash } from "node:crypto";
import type pg from "pg";

/**
 * Statements sent as named prepared statements, so PostgreSQL plans each once per connection
 * instead of on every call.
 *
 * Kysely sends every statement unnamed, and PostgreSQL plans an unnamed statement afresh each
 * time. At the size of a large channel the planning is most of a page's database time: the fault
 * list's statement plans in about 7 ms and runs in 1.5 ms (docs/performance.md, "Planning"),
 * because the planner weighs every index of a million-row table for each branch of a merged page.
 * A named statement is parsed once per connection; after five runs PostgreSQL keeps a generic
 * plan when it costs no more than the custom ones did (plan_cache_mode auto), and then a call is
 * only bound and executed.
 *
 * Bounded: each connection prepares at most `MAX_PER_CONNECTION` distinct statements and sends
 * any further ones unnamed as before; the pools retire connections after `CONNECTION_LIFETIME_S`
 * (open.ts), so the set is rebuilt from what is hot now rather than what was first. Statements
 * without parameters stay on the simple protocol, where migrations may send several at once.
 */
export const MAX_PER_CONNECTION = 300;
/** How long a pooled connection lives, in seconds; its prepared statements go with it. */
export const CONNECTION_LIFETIME_S = 3600;

const NAME_CACHE_LIMIT = 4000;
const names = new Map<string, string>();

/** A statement's name: its text's hash, so every connection and every instance names it alike. */
export const statementName = (text: string): string => {
  let name = names.get(text);
  if (name === undefined) {
    if (names.size >= NAME_CACHE_LIMIT) names.clear();
    name = `k${createHash("sha1").update(text).digest("base64url")}`;
    names.set(text, name);
  }
  return name;
};

const preparedOn = new WeakMap<pg.ClientBase, Set<string>>();

/**
 * The query config to send `text` with on `client`: named when the connection has prepared it or
 * still has room, otherwise as given.
 */
export const preparedQuery = (client: pg.ClientBase, text: string, values: unknown[]): pg.QueryConfig => {
  if (values.length === 0) return { text, values };
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const name = statementName(text);
  if (!prepared.has(name)) {
    if (prepared.size >= MAX_PER_CONNECTION) return { text, values };
    prepared.add(name);
  }
  return { name, text, values };
};
