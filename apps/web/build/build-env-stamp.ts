import type { Plugin } from "vite";

/** Where the build notes the VITE_* variables it was made with; `npm start` compares them. */
export const BUILD_ENV_FILE = "build-env.json";

/** The VITE_* variables of an environment, sorted by name (they are public: the bundle holds them). */
export const viteVariables = (env: NodeJS.ProcessEnv): Record<string, string> =>
  Object.fromEntries(
    Object.entries(env)
      .filter((entry): entry is [string, string] => entry[0].startsWith("VITE_") && entry[1] !== undefined)
      .sort(([a], [b]) => a.localeCompare(b)),
  );

/**
 * Writes the VITE_* variables of the build's environment next to index.html, so `npm start`
 * (scripts/web-build-stale.mjs) rebuilds when one is set, changed or removed: they are read at
 * build time (VITE_SIBLING_LINKS, say), and an unchanged source tree would otherwise keep the old
 * build.
 */
export function buildEnvStamp(): Plugin {
  return {
    name: "vrf-build-env-stamp",
    apply: "build",
    // Emitted with the bundle, so it is written before the precompress step runs over the output.
    generateBundle() {
      this.emitFile({
        type: "asset",
        fileName: BUILD_ENV_FILE,
        source: `${JSON.stringify(viteVariables(process.env))}\n`,
      });
    },
  };
}
