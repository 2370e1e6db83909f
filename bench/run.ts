// `npm run bench`: every list, statistics, dashboard and map call of Distributor Cloud, measured over
// real HTTP with 10 and 100 concurrent clients on a large channel's data (bench/scale-data.ts), side by
// side with two baselines in the same run: a bare Fastify route answering a 200-object array, and a
// `select 1` round trip. On PostgreSQL when BENCH_DATABASE_URL is set, and on PGlite.
// Prints a table per engine and writes bench/results/<time>-<engine>.json so runs can be compared.
import { execSync, fork } from "node:child_process";
import { mkdirSync, writeFileSync } from "node:fs";
import { cpus } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import autocannon from "autocannon";
import { SERVER_NODE_FLAGS } from "../scripts/server-node-flags.mjs";
import { type BenchCase, type BenchIds, benchCases } from "./cases.ts";

const here = dirname(fileURLToPath(import.meta.url));
const DURATION = Number(process.env.BENCH_DURATION ?? 5);
const CONNECTIONS = (process.env.BENCH_CONNECTIONS ?? "10,100").split(",").map(Number);
const ONLY = process.env.BENCH_ONLY ? new RegExp(process.env.BENCH_ONLY, "i") : undefined;
const engines = (process.env.BENCH_ENGINES ?? (process.env.BENCH_DATABASE_URL ? "postgres,pglite" : "pglite"))
  .split(",")
  .filter((e) => e === "postgres" || e === "pglite");

interface Ready {
  port: number;
  barePort: number;
  counts: Record<string, number>;
  seedSeconds: number;
}

interface Row {
  case: string;
  clients: number;
  "req/s": number;
  "p50 ms": number;
  "p99 ms": number;
  errors: number;
  /** Answers that arrived within the run; 0 means every call took longer than the run. */
  completed: number;
  "vs baseline": string;
}

const startServer = (engine: string) =>
  new Promise<{ ready: Ready; stop: () => Promise<void> }>((resolve, reject) => {
    const env = { ...process.env };
    if (engine === "pglite") delete env.BENCH_DATABASE_URL;
    // BENCH_NODE_ARGS adds Node flags to the measured server, e.g. "--cpu-prof --cpu-prof-dir=/tmp/prof".
    const execArgv = [
      ...SERVER_NODE_FLAGS,
      "--import",
      "tsx",
      ...(process.env.BENCH_NODE_ARGS?.split(" ").filter(Boolean) ?? []),
    ];
    const child = fork(join(here, "bench-server.ts"), [], { env, execArgv, stdio: "inherit" });
    child.once("exit", (code) => reject(new Error(`bench server exited with ${code}`)));
    child.on("message", (message: Ready & { ready?: boolean }) => {
      if (!message.ready) return;
      resolve({
        ready: message,
        stop: () =>
          new Promise((done) => {
            child.removeAllListeners("exit");
            child.once("exit", () => done());
            child.send({ stop: true });
          }),
      });
    });
  });

const call = async (base: string, method: string, path: string, body?: object, token?: string) => {
  const response = await fetch(base + path, {
    method,
    headers: {
      ...(body ? { "content-type": "application/json" } : {}),
      ...(token ? { authorization: `Bearer ${token}` } : {}),
    },
    ...(body ? { body: JSON.stringify(body) } : {}),
    // A call that takes longer than this is reported, not waited for.
    signal: AbortSignal.timeout(60_000),
  });
  return (await response.json()) as { errorCode?: number; data?: unknown };
};

/** The demo distributor's session in Distributor Cloud (authority 2) or the Hi-Checker module (5). */
async function signIn(base: string, authorityNum: 2 | 5): Promise<string> {
  const login = await call(base, "POST", "/account/acc/login_pwd", {
    email: "distributor@example.com",
    password: "Demo1234",
  });
  const accessToken = (login.data as { accessToken: string }).accessToken;
  const module = await call(base, "POST", "/hmt-web/himit-checker/sys/login", { accessToken, authorityNum });
  return (module.data as { token: string }).token;
}

/** The seeded capture and collection tasks, found as the task history shows them. */
async function pickTasks(base: string, token: string) {
  const tasks = await call(
    base,
    "GET",
    "/hmt-web/himit-checker/tasks/list?state=ended&keyword=Bench&pageSize=10",
    undefined,
    token,
  );
  const list = (tasks.data as { list?: { id: string; kind: string; deviceId: number }[] } | undefined)?.list ?? [];
  const collection = list.find((t) => t.kind === "collection");
  // The collection's reports are of its checker's first system (bench/scale-tasks.ts).
  const units = await call(
    base,
    "GET",
    `/hmt-web/himit-checker/units/outdoor/list?deviceId=${collection?.deviceId ?? 0}&pageSize=1&sort=systemNumber&order=ascend`,
    undefined,
    token,
  );
  const system = (units.data as { list?: { systemNumber: number }[] } | undefined)?.list?.[0]?.systemNumber ?? 0;
  return {
    captureTaskId: list.find((t) => t.kind === "capture")?.id ?? "",
    collectionTaskId: collection?.id ?? "",
    collectionSystem: system,
  };
}

/** A busy project and device of the demo distributor, for the per-project and per-device calls. */
async function pickIds(
  base: string,
  token: string,
): Promise<Omit<BenchIds, "captureTaskId" | "collectionTaskId" | "collectionSystem">> {
  const projects = await call(
    base,
    "POST",
    "/hmt-web/distributor/project/list",
    { pageNum: 1, pageSize: 1, sort: "alarmCount", order: "descend" },
    token,
  );
  const projectId = (projects.data as { list: { id: number }[] }).list[0]?.id ?? 1;
  const devices = await call(
    base,
    "GET",
    `/hmt-web/distributor/project/devices?projectId=${projectId}&pageSize=1`,
    undefined,
    token,
  );
  const deviceId = (devices.data as { list?: { id: number }[] } | undefined)?.list?.[0]?.id ?? 1;
  return { projectId, deviceId };
}

/** Another page each call: page 1-500, 10-50 rows, 20,500 questions (kept answers hold 1,000). */
const anotherPage = (c: BenchCase) => {
  const pageNum = 1 + Math.floor(Math.random() * 500);
  const pageSize = 10 + Math.floor(Math.random() * 41);
  return c.body
    ? { body: JSON.stringify({ ...c.body, pageNum, pageSize }) }
    : { path: c.path.replace(/pageNum=\d+/, `pageNum=${pageNum}`).replace(/pageSize=\d+/, `pageSize=${pageSize}`) };
};

async function measure(base: string, token: string, c: BenchCase, connections: number) {
  const result = await autocannon({
    ...(c.varyPage
      ? { requests: [{ setupRequest: (request: autocannon.Request) => ({ ...request, ...anotherPage(c) }) }] }
      : {}),
    url: base + c.path,
    method: c.method,
    connections,
    duration: DURATION,
    timeout: 10,
    headers: {
      ...(c.public ? {} : { authorization: `Bearer ${token}` }),
      ...(c.body ? { "content-type": "application/json" } : {}),
      "accept-encoding": "gzip, br",
    },
    ...(c.body ? { body: JSON.stringify(c.body) } : {}),
  });
  return {
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    completed: result.requests.total,
  };
}

async function runEngine(engine: string) {
  console.log(`\n=== ${engine}: seeding and starting the server ===`);
  const { ready, stop } = await startServer(engine);
  console.log(`seeded in ${ready.seedSeconds.toFixed(0)} s:`, ready.counts);
  const base = `http://127.0.0.1:${ready.port}`;
  const bare = `http://127.0.0.1:${ready.barePort}`;
  const token = await signIn(base, 2);
  const hiCheckerToken = await signIn(base, 5);
  const ids = { ...(await pickIds(base, token)), ...(await pickTasks(base, hiCheckerToken)) };
  const cases = benchCases(ids).filter((c) => c.baseline || !ONLY || ONLY.test(c.name));
  const rows: Row[] = [];
  for (const connections of CONNECTIONS) {
    let baseline = 0;
    for (const c of cases) {
      const target = c.bare ? bare : base;
      const caseToken = c.hiChecker ? hiCheckerToken : token;
      if (!c.bare) {
        // The call must answer successfully before it is worth timing.
        const sample = await call(target, c.method, c.path, c.body, c.public ? undefined : caseToken).catch(
          (error: Error) => ({ errorCode: -1, msg: error.message }),
        );
        if (sample.errorCode !== 0) console.warn(`${c.name} answered ${JSON.stringify(sample).slice(0, 300)}`);
      }
      await autocannon({
        url: target + c.path,
        connections: 2,
        amount: 20,
        method: c.method,
        headers: { authorization: `Bearer ${caseToken}`, ...(c.body ? { "content-type": "application/json" } : {}) },
        ...(c.body ? { body: JSON.stringify(c.body) } : {}),
      }); // warm-up
      const m = await measure(target, caseToken, c, connections);
      if (c.baseline) baseline = m.rps;
      rows.push({
        case: c.name,
        clients: connections,
        "req/s": Math.round(m.rps),
        "p50 ms": m.p50,
        "p99 ms": m.p99,
        errors: m.errors,
        completed: m.completed,
        "vs baseline": baseline ? `${((m.rps / baseline) * 100).toFixed(1)}%` : "",
      });
      console.log(JSON.stringify(rows[rows.length - 1]));
    }
  }
  await stop();
  return { ready, rows };
}

const commit = (() => {
  try {
    return execSync("git rev-parse --short HEAD", { cwd: here }).toString().trim();
  } catch {
    return "unknown";
  }
})();
mkdirSync(join(here, "results"), { recursive: true });
for (const engine of engines) {
  const { ready, rows } = await runEngine(engine);
  console.log(`\n${engine}, ${DURATION} s per case, ${cpus().length} cores, commit ${commit}`);
  console.table(rows);
  const file = join(here, "results", `${new Date().toISOString().replace(/[:.]/g, "-")}-${engine}.json`);
  writeFileSync(
    file,
    `${JSON.stringify({ engine, commit, at: new Date().toISOString(), durationSeconds: DURATION, cores: cpus().length, counts: ready.counts, rows }, null, 2)}\n`,
  );
  console.log(`written ${file}`);
}
