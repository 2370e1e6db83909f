import { loadConfig } from "../config.ts";
import { migrateToLatest } from "./migrate.ts";
import { openDb } from "./open.ts";

const config = loadConfig();
const db = openDb({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
const applied = await migrateToLatest(db);
console.log(applied.length ? `Applied: ${applied.join(", ")}` : "Database is up to date.");
await db.destroy();
