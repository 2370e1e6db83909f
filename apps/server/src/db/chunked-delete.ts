import type { RawBuilder } from "kysely";
import type { Db } from "./open.ts";

/**
 * Runs a DELETE of at most `chunk` rows until one deletes fewer, so pruning a large backlog never
 * holds locks or a transaction for long; returns how many went.
 */
export const deleteInChunks = async (db: Db, chunk: number, statement: () => RawBuilder<unknown>): Promise<number> => {
  let total = 0;
  for (;;) {
    const result = await statement().execute(db);
    const n = Number(result.numAffectedRows ?? 0);
    total += n;
    if (n < chunk) return total;
  }
};
