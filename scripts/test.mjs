// `npm test`: lint, typecheck, unit and API tests (PGlite, then PostgreSQL when
// TEST_DATABASE_URL is set), a fresh web build, then end-to-end tests in Chromium.
import { spawnSync } from "node:child_process";

const steps = [
  ["lint", "npm", ["run", "lint"]],
  ["typecheck", "npm", ["run", "typecheck"]],
  ["unit + API (PGlite)", "npx", ["vitest", "run", "--project", "unit", "--project", "api"], { TEST_DATABASE_URL: "" }],
];
if (process.env.TEST_DATABASE_URL) {
  steps.push(["API (PostgreSQL)", "npx", ["vitest", "run", "--project", "api"], {}]);
}
steps.push([
  "system (real processes, SMTP; PostgreSQL and Redis when configured)",
  "npx",
  ["vitest", "run", "--project", "system"],
  {},
]);
steps.push(["web build", "npm", ["run", "build"]]);
steps.push(["end-to-end (Chromium)", "npx", ["vitest", "run", "--project", "e2e"]]);

for (const [name, command, args, env] of steps) {
  console.log(`\n=== ${name} ===`);
  const result = spawnSync(command, args, { stdio: "inherit", env: { ...process.env, ...(env ?? {}) } });
  if (result.status !== 0) {
    console.error(`\n${name} failed.`);
    process.exit(result.status ?? 1);
  }
}
console.log("\nAll checks passed.");
