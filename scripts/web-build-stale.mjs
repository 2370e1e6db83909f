// Whether `npm start` must (re)build the web app: it has never been built, or something the build
// is made from changed since (a pull, a checkout, an edit). Decided by modification times, which a
// pull sets to the time of the pull for every file it changes.
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { join, relative } from "node:path";

/** What the web build is made from, relative to the repository root. */
export const WEB_BUILD_INPUTS = [
  "apps/web/src", // pages, components, lib and the locales
  "apps/web/index.html",
  "apps/web/.env", // VITE_* variables from files (Vite's own names for them)
  "apps/web/.env.local",
  "apps/web/.env.production",
  "apps/web/.env.production.local",
  "apps/web/vite.config.ts",
  "apps/web/build", // the build's own plugins
  "apps/web/package.json",
  "packages/contract/src",
  "package-lock.json", // dependency versions
];

/** Written by every build; its time is the build's. */
export const WEB_BUILD_STAMP = "apps/web/dist/index.html";

/**
 * The VITE_* variables the build was made with (apps/web/build/build-env-stamp.ts writes it).
 * They are read at build time, so setting one (VITE_SIBLING_LINKS, say) needs a new build too.
 */
export const WEB_BUILD_ENV = "apps/web/dist/build-env.json";

/**
 * The VITE_* variables of an environment, sorted by name: the same as the build writes.
 * @param {NodeJS.ProcessEnv} env
 * @returns {Record<string, string>}
 */
export const viteVariables = (env) =>
  Object.fromEntries(
    Object.entries(env)
      .filter(([name, value]) => name.startsWith("VITE_") && value !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/** @param {string} file @returns {Record<string, string>} the stamp; none (an older build) reads as no variables */
const builtWith = (file) => {
  try {
    return JSON.parse(readFileSync(file, "utf8"));
  } catch {
    return {};
  }
};

/** @param {Record<string, string>} a @param {Record<string, string>} b @returns {string | undefined} */
const firstDifference = (a, b) =>
  [...new Set([...Object.keys(a), ...Object.keys(b)])].sort().find((name) => a[name] !== b[name]);

// Tests are not part of the build: editing one needs no rebuild.
const isTest = (name) => /\.test\.[cm]?[jt]sx?$/.test(name);

/**
 * The newest modification under `path` (itself included: a folder's time changes when a file in it
 * is added, renamed or deleted).
 * @param {string} path
 * @returns {{ path: string, mtimeMs: number } | null} null when `path` does not exist
 */
export function newestChange(path) {
  if (!existsSync(path)) return null;
  const stat = statSync(path);
  let newest = { path, mtimeMs: stat.mtimeMs };
  if (!stat.isDirectory()) return newest;
  for (const entry of readdirSync(path, { withFileTypes: true })) {
    if (entry.name === "node_modules" || isTest(entry.name)) continue;
    const inner = newestChange(join(path, entry.name));
    // On a tie the file inside wins: it names what changed.
    if (inner && inner.mtimeMs >= newest.mtimeMs) newest = inner;
  }
  return newest;
}

/**
 * @param {string} root the repository root
 * @param {NodeJS.ProcessEnv} env the environment the build would run in
 * @returns {{ stale: boolean, reason: string }}
 */
export function webBuildStaleness(root, env = process.env) {
  const stamp = join(root, WEB_BUILD_STAMP);
  if (!existsSync(stamp)) return { stale: true, reason: "first start: not built yet" };
  const changed = firstDifference(viteVariables(env), builtWith(join(root, WEB_BUILD_ENV)));
  if (changed) return { stale: true, reason: `${changed} differs from the last build` };
  const builtAt = statSync(stamp).mtimeMs;
  for (const input of WEB_BUILD_INPUTS) {
    const newest = newestChange(join(root, input));
    if (newest && newest.mtimeMs > builtAt) {
      return { stale: true, reason: `${relative(root, newest.path)} changed since the last build` };
    }
  }
  return { stale: false, reason: "the build is up to date" };
}
