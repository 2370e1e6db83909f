// `npm run bench`: request throughput of the hot authenticated calls, measured
// side by side with a baseline call in the same run (same process, same data).
// Baseline: the public language list (routing, validation, envelope, one small query).
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { openDb } from "../apps/server/src/db/open.ts";
import { seedDemoData } from "../apps/server/src/db/seed/demo-data.ts";
import { seedReferenceData } from "../apps/server/src/db/seed/reference-data.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const db = openDb({ databaseUrl });
await migrateToLatest(db);
await seedReferenceData(db);
await seedDemoData(db, { passwordCost: 10, now: new Date() });
const app = await buildApp({
  db,
  passwordCost: 10,
  mailer: { send: async () => undefined },
  limits: { global: { max: 1e9, timeWindow: "1 minute" }, strict: { max: 1e9, timeWindow: "1 minute" } },
});

const json = async (method: "GET" | "POST", url: string, payload?: object, token?: string) =>
  (await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} })).json();

const login = await json("POST", "/account/acc/login_pwd", { email: "distributor@example.com", password: "Demo1234" });
const moduleToken = (
  await json("POST", "/hmt-web/himit-checker/sys/login", { accessToken: login.data.accessToken, authorityNum: 2 })
).data.token as string;

const cases: { name: string; run: () => Promise<unknown> }[] = [
  { name: "baseline: GET getLanguageList (public)", run: () => json("GET", "/hmt-web/basic/getLanguageList") },
  {
    name: "POST sys/authority (session + menu tree)",
    run: () => json("POST", "/hmt-web/himit-checker/sys/authority", {}, moduleToken),
  },
  {
    name: "GET msg/info (session + announcements)",
    run: () => json("GET", "/hmt-web/himit-checker/msg/info", undefined, moduleToken),
  },
  {
    name: "GET get_user_profile (session + profile)",
    run: () => json("GET", "/hmt-web/account/get_user_profile", undefined, moduleToken),
  },
];

const rows: { case: string; "req/s": number; "mean ms": number; "vs baseline": string }[] = [];
let baseline = 0;
for (const c of cases) {
  for (let i = 0; i < 50; i++) await c.run(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < ROUNDS; i++) await c.run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perSecond = ROUNDS / seconds;
  if (!baseline) baseline = perSecond;
  rows.push({
    case: c.name,
    "req/s": Math.round(perSecond),
    "mean ms": Number(((seconds / ROUNDS) * 1000).toFixed(3)),
    "vs baseline": `${((perSecond / baseline) * 100).toFixed(0)}%`,
  });
}
console.log(`${ROUNDS} sequential requests per case on ${databaseUrl ? "PostgreSQL" : "PGlite (in memory)"}`);
console.table(rows);
await app.close();
await db.destroy();
