import type { Transaction } from "kysely";
import type { Database } from "../../schema.ts";
import type { Random } from "./random.ts";

/** What every demo seed step gets: the open transaction, the clock, the tenants and a seeded generator. */
export interface DemoContext {
  trx: Transaction<Database>;
  now: Date;
  random: Random;
  passwordHash: string;
  /** Organisation ids by name ("Demo Distributor", "Demo Sub-distributor", "Other Distributor"). */
  organisations: Map<string, number>;
  /** Account ids by e-mail. */
  accounts: Map<string, number>;
}

export const DAY_MS = 86_400_000;

export const daysAgo = (now: Date, days: number): Date => new Date(now.getTime() - days * DAY_MS);
