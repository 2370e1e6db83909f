import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { afterEach, beforeEach, describe, expect, it } from "vitest";
import { BUILD_ENV_FILE, viteVariables as writtenByTheBuild } from "../apps/web/build/build-env-stamp.ts";
import { viteVariables, WEB_BUILD_ENV, WEB_BUILD_STAMP, webBuildStaleness } from "./web-build-stale.mjs";

let root: string;
const BUILT = new Date("2026-03-01T10:00:00Z");
const BEFORE = new Date("2026-03-01T09:00:00Z");
const AFTER = new Date("2026-03-01T11:00:00Z");

/** Writes a file of the fake checkout with the given time (its folders get it too). */
const put = (path: string, time: Date) => {
  const file = join(root, path);
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, "x");
  utimesSync(file, time, time);
  for (let dir = dirname(file); dir.startsWith(root) && dir !== root; dir = dirname(dir)) utimesSync(dir, time, time);
};

beforeEach(() => {
  root = mkdtempSync(join(tmpdir(), "vrf-web-build-"));
  for (const source of [
    "apps/web/src/main.tsx",
    "apps/web/src/locales/en/projects.json",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "packages/contract/src/rules.ts",
    "package-lock.json",
  ]) {
    put(source, BEFORE);
  }
  put(WEB_BUILD_STAMP, BUILT);
});

/** The VITE_* variables the fake build was made with. */
const builtWith = (variables: Record<string, string>) => {
  writeFileSync(join(root, WEB_BUILD_ENV), JSON.stringify(variables));
  utimesSync(join(root, WEB_BUILD_ENV), BUILT, BUILT);
  utimesSync(join(root, dirname(WEB_BUILD_ENV)), BUILT, BUILT);
};
afterEach(() => rmSync(root, { recursive: true, force: true }));

describe("is the web build stale", () => {
  it("is when there is no build yet", () => {
    rmSync(join(root, WEB_BUILD_STAMP));
    expect(webBuildStaleness(root, {})).toMatchObject({ stale: true });
  });

  it("is not when every source is older than the build", () => {
    expect(webBuildStaleness(root, {})).toEqual({ stale: false, reason: "the build is up to date" });
  });

  it.each([
    "apps/web/src/features/projects/components/project-form.tsx",
    "apps/web/src/locales/zh/projects.json",
    "apps/web/index.html",
    "apps/web/vite.config.ts",
    "packages/contract/src/rules.ts",
    "package-lock.json",
  ])("is when %s is newer than the build", (source) => {
    put(source, AFTER);
    expect(webBuildStaleness(root, {})).toEqual({ stale: true, reason: `${source} changed since the last build` });
  });

  it("is when a source file was deleted since (its folder changed)", () => {
    const folder = join(root, "apps/web/src/locales/en");
    rmSync(join(folder, "projects.json"));
    utimesSync(folder, AFTER, AFTER);
    expect(webBuildStaleness(root, {}).stale).toBe(true);
  });

  it("is not for a changed test, or a change outside the web app's sources", () => {
    put("apps/web/src/lib/contract-rule.test.ts", AFTER);
    utimesSync(join(root, "apps/web/src/lib"), BEFORE, BEFORE);
    utimesSync(join(root, "apps/web/src"), BEFORE, BEFORE);
    utimesSync(join(root, "apps/web"), BEFORE, BEFORE);
    put("apps/server/src/main.ts", AFTER);
    put("README.md", AFTER);
    expect(webBuildStaleness(root, {}).stale).toBe(false);
  });

  it("is when a VITE_ variable is set, changed or removed since the build, and not for other variables", () => {
    const links = '{"cloud":"https://cloud.example.com"}';
    expect(webBuildStaleness(root, { VITE_SIBLING_LINKS: links })).toEqual({
      stale: true,
      reason: "VITE_SIBLING_LINKS differs from the last build",
    });
    builtWith({ VITE_SIBLING_LINKS: links });
    expect(webBuildStaleness(root, { VITE_SIBLING_LINKS: links, PORT: "8080" }).stale).toBe(false);
    expect(webBuildStaleness(root, { VITE_SIBLING_LINKS: "{}" }).stale).toBe(true);
    expect(webBuildStaleness(root, {}).stale).toBe(true);
  });

  it("reads the variables the way the build writes them", () => {
    const env = { VITE_B: "2", PATH: "/bin", VITE_A: "1" };
    expect(viteVariables(env)).toEqual(writtenByTheBuild(env));
    expect(Object.keys(viteVariables(env))).toEqual(["VITE_A", "VITE_B"]);
    expect(WEB_BUILD_ENV).toBe(`apps/web/dist/${BUILD_ENV_FILE}`);
  });
});
