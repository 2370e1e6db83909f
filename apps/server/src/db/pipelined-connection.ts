import { Kysely, PostgresDialect, type PostgresPoolClient, sql } from "kysely";
import type pg from "pg";
import { preparedQuery } from "./prepared-statements.ts";
import type { Database } from "./schema.ts";

/**
 * A transaction on a connection of its own whose statements are pipelined: a statement issued
 * while earlier ones are still unanswered goes out at once (node-postgres' pipeline mode), so
 * statements that do not need each other's answers cost one round trip together, not one each.
 * PostgreSQL still runs them one after another, in the order issued; after a failed one, the rest
 * of the transaction fails too, and its COMMIT rolls back.
 *
 * For the device writer's batches (decision 0005): a batch is about ten statements, and each
 * round trip waits for the portal's event loop, busy with the MQTT traffic, before the next
 * statement can leave; the transaction's row locks are held all that while.
 */
export interface PipelinedTransaction {
  /** Statements run on this go out as they are issued; await each one only where its answer is needed. */
  db: Kysely<Database>;
  /** Sends COMMIT and waits for every statement issued; throws the first failure (the transaction is then rolled back). */
  commit(): Promise<void>;
  /** Sends ROLLBACK and waits for every statement issued; never throws. */
  rollback(): Promise<void>;
}

export interface PipelinedConnection {
  /** Starts a transaction (BEGIN goes out with its first statements); one at a time per connection. */
  begin(): Promise<PipelinedTransaction>;
  close(): Promise<void>;
}

export interface PipelinedConnectionOptions {
  /** A new client, not yet connected; made with `pipeline: true`. */
  client: () => pg.Client;
  /** Name parameterised statements (prepared-statements.ts), as the pools do. */
  prepare: boolean;
}

const noop = () => {};

export const createPipelinedConnection = (options: PipelinedConnectionOptions): PipelinedConnection => {
  let client: pg.Client | null = null;
  let closed = false;
  let connecting: Promise<pg.Client> | null = null;
  /** What the current transaction has issued, in order. */
  let issued: Promise<unknown>[] = [];

  /** The connected client; a new one after the last was lost (it is never reused once it failed). */
  const connected = (): Promise<pg.Client> => {
    if (client) return Promise.resolve(client);
    connecting ??= (async () => {
      const next = options.client();
      let lost = false;
      const drop = () => {
        lost = true;
        if (client === next) client = null;
      };
      // Unheard, a client's 'error' ends the process; the statements it fails report it themselves.
      next.on("error", drop);
      next.on("end", drop);
      try {
        await next.connect();
      } catch (error) {
        next.end().catch(noop);
        throw error;
      }
      if (!lost) client = next;
      return next;
    })().finally(() => {
      connecting = null;
    });
    return connecting;
  };

  const send = (text: string, values: readonly unknown[] = []): Promise<pg.QueryResult> => {
    const current = client;
    const result: Promise<pg.QueryResult> = current
      ? current.query(
          options.prepare && values.length > 0
            ? preparedQuery(current, text, [...values])
            : { text, values: [...values] },
        )
      : Promise.reject(new Error("Connection terminated: the pipelined connection is closed"));
    issued.push(result);
    // Whoever issued it may not wait for it (COMMIT does); its failure is reported there.
    result.catch(noop);
    return result;
  };

  // Kysely's PostgreSQL dialect, over a "pool" whose one connection is handed out without being
  // held, so statements issued side by side are not queued behind each other's answers.
  const view: PostgresPoolClient = {
    query: ((text: string, values: readonly unknown[]) => send(text, values)) as unknown as PostgresPoolClient["query"],
    release: noop,
  };
  const db = new Kysely<Database>({
    dialect: new PostgresDialect({ pool: { connect: async () => view, end: async () => {} } }),
  });

  /** Every statement issued so far, settled; the first failure in issue order, if any. */
  const settle = async (): Promise<unknown> => {
    const all = issued;
    issued = [];
    const results = await Promise.allSettled(all);
    const failed = results.find((r) => r.status === "rejected");
    return failed ? (failed as PromiseRejectedResult).reason : undefined;
  };

  return {
    async begin() {
      if (closed) throw new Error("Connection terminated: the pipelined connection is closed");
      await connected();
      issued = [];
      // Through Kysely like every statement of the transaction, so all of them reach the client in
      // the order they were issued (pipelined-connection.test.ts holds Kysely to that).
      sql.raw("begin").execute(db).catch(noop);
      let ended = false;
      return {
        db,
        async commit() {
          if (ended) throw new Error("the transaction has ended");
          ended = true;
          const refused = await sql
            .raw("commit")
            .execute(db)
            .then(
              () => undefined,
              (error: unknown) => error,
            );
          // Answers come in order: once COMMIT's is in, so are those of everything before it.
          const failure = await settle();
          if (failure !== undefined) throw failure;
          if (refused !== undefined) throw refused;
        },
        async rollback() {
          if (ended) return;
          ended = true;
          await sql.raw("rollback").execute(db).catch(noop);
          await settle();
        },
      };
    },
    async close() {
      closed = true;
      const current = client ?? (await connecting?.catch(() => null)) ?? null;
      client = null;
      await current?.end().catch(noop);
    },
  };
};

/**
 * The same for the embedded database, which has one connection and answers one statement at a
 * time: a transaction on a connection held until it ends, its statements queued in the order issued.
 */
const sequentialConnection = (db: Kysely<Database>): PipelinedConnection => ({
  begin: () =>
    new Promise<PipelinedTransaction>((resolve, reject) => {
      let finish = noop;
      const finished = new Promise<void>((done) => {
        finish = done;
      });
      db.connection()
        .execute(async (connection) => {
          await sql.raw("begin").execute(connection);
          let ended = false;
          resolve({
            db: connection,
            async commit() {
              if (ended) throw new Error("the transaction has ended");
              ended = true;
              try {
                await sql.raw("commit").execute(connection);
              } catch (error) {
                await sql.raw("rollback").execute(connection).catch(noop);
                throw error;
              } finally {
                finish();
              }
            },
            async rollback() {
              if (ended) return;
              ended = true;
              await sql.raw("rollback").execute(connection).catch(noop);
              finish();
            },
          });
          await finished;
        })
        .catch(reject);
    }),
  close: async () => {},
});

/** How each PostgreSQL Db opens such connections (open.ts registers it); the embedded database has none. */
const factories = new WeakMap<Kysely<Database>, () => PipelinedConnection>();

export const registerPipelinedConnections = (db: Kysely<Database>, open: () => PipelinedConnection): void => {
  factories.set(db, open);
};

/** A new pipelined connection to `db`'s database, with its settings; the embedded database's one connection, queued. */
export const openPipelinedConnection = (db: Kysely<Database>): PipelinedConnection =>
  factories.get(db)?.() ?? sequentialConnection(db);
