// `npm run bench`: request throughput of the hot authenticated calls, measured
// side by side with a baseline call in the same run (same process, same data).
// Baseline: the public language list (routing, validation, envelope, one small query).
// The demo distributor gets BENCH_PROJECTS extra projects (default 10,000) so the project list
// and map are measured at the size a large channel reaches.
import { sql } from "kysely";
import { buildApp } from "../apps/server/src/app.ts";
import { migrateToLatest } from "../apps/server/src/db/migrate.ts";
import { openDb } from "../apps/server/src/db/open.ts";
import { seedDemoData } from "../apps/server/src/db/seed/demo-data.ts";
import { seedReferenceData } from "../apps/server/src/db/seed/reference-data.ts";

const ROUNDS = Number(process.env.BENCH_ROUNDS ?? 2000);
const EXTRA_PROJECTS = Number(process.env.BENCH_PROJECTS ?? 10_000);
const databaseUrl = process.env.BENCH_DATABASE_URL || undefined;

const db = openDb({ databaseUrl });
await migrateToLatest(db);
await seedReferenceData(db);
await seedDemoData(db, { passwordCost: 10, now: new Date() });
await sql`
  INSERT INTO projects (organisation_id, code, name, contact_person, contact_phone, country_code, city_code,
                        address, latitude, longitude, created_at, updated_at)
  SELECT o.id, 'B' || lpad(g::text, 8, '0'), 'Bench project ' || g, 'Bench', '+49 30 1234 5678', 'DE', 'DE-BER',
         'Street ' || g, 35 + (g % 2000) / 100.0, -10 + (g % 4000) / 100.0, now(), now()
  FROM organisations o, generate_series(1, ${EXTRA_PROJECTS}) AS g
  WHERE o.name = 'Demo Distributor'
`.execute(db);
const app = await buildApp({
  db,
  passwordCost: 10,
  mailer: { from: "bench@vrf.local", deliver: async () => undefined },
  limits: { global: { max: 1e9, timeWindow: "1 minute" }, strict: { max: 1e9, timeWindow: "1 minute" } },
});

const json = async (method: "GET" | "POST", url: string, payload?: object, token?: string) =>
  (await app.inject({ method, url, payload, headers: token ? { authorization: `Bearer ${token}` } : {} })).json();

const login = await json("POST", "/account/acc/login_pwd", { email: "distributor@example.com", password: "Demo1234" });
const moduleToken = (
  await json("POST", "/hmt-web/himit-checker/sys/login", { accessToken: login.data.accessToken, authorityNum: 2 })
).data.token as string;

const cases: { name: string; rounds?: number; run: () => Promise<unknown> }[] = [
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
  {
    name: "POST project/list (page of 20 with device and alarm counts)",
    rounds: Math.ceil(ROUNDS / 10),
    run: () => json("POST", "/hmt-web/distributor/project/list", { pageNum: 1, pageSize: 20 }, moduleToken),
  },
  {
    name: "POST project/list (name search)",
    rounds: Math.ceil(ROUNDS / 10),
    run: () =>
      json("POST", "/hmt-web/distributor/project/list", { pageNum: 1, pageSize: 20, keyword: "Hotel" }, moduleToken),
  },
  {
    name: `GET project/map_points (all ${EXTRA_PROJECTS + 46} visible projects)`,
    rounds: Math.max(5, Math.ceil(ROUNDS / 200)),
    run: () => json("GET", "/hmt-web/distributor/project/map_points", undefined, moduleToken),
  },
  {
    name: "GET devices/list (Hi-Mit page of 20)",
    rounds: Math.ceil(ROUNDS / 10),
    run: () =>
      json("GET", "/hmt-web/distributor/devices/list?kind=himit&pageNum=1&pageSize=20", undefined, moduleToken),
  },
  {
    name: "GET faults/stats (by code and by day)",
    rounds: Math.ceil(ROUNDS / 10),
    run: () => json("GET", "/hmt-web/distributor/faults/stats", undefined, moduleToken),
  },
  {
    name: "GET agency/dashboard (all aggregates)",
    rounds: Math.ceil(ROUNDS / 10),
    run: () => json("GET", "/hmt-web/distributor/agency/dashboard", undefined, moduleToken),
  },
];

const rows: { case: string; "req/s": number; "mean ms": number; "vs baseline": string }[] = [];
let baseline = 0;
for (const c of cases) {
  const rounds = c.rounds ?? ROUNDS;
  for (let i = 0; i < Math.min(50, rounds); i++) await c.run(); // warm-up
  const start = process.hrtime.bigint();
  for (let i = 0; i < rounds; i++) await c.run();
  const seconds = Number(process.hrtime.bigint() - start) / 1e9;
  const perSecond = rounds / seconds;
  if (!baseline) baseline = perSecond;
  rows.push({
    case: `${c.name} ×${rounds}`,
    "req/s": Math.round(perSecond),
    "mean ms": Number(((seconds / rounds) * 1000).toFixed(3)),
    "vs baseline": `${((perSecond / baseline) * 100).toFixed(0)}%`,
  });
}
console.log(`Sequential requests per case (×rounds) on ${databaseUrl ? "PostgreSQL" : "PGlite (in memory)"}`);
console.table(rows);
await app.close();
await db.destroy();
