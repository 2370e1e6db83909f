import { execFileSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import react from "@vitejs/plugin-react";
import { defineConfig } from "vite";
import { buildEnvStamp } from "./build/build-env-stamp.ts";
import { precompress } from "./build/precompress.ts";

const webRoot = fileURLToPath(new URL(".", import.meta.url));
const apiTarget = process.env.VRF_API_TARGET ?? "http://localhost:8080";

/** The build's name in the error log: VRF_RELEASE when given, else the commit it was built from. */
const release = (): string => {
  if (process.env.VRF_RELEASE) return process.env.VRF_RELEASE;
  try {
    return execFileSync("git", ["rev-parse", "--short=12", "HEAD"], { cwd: webRoot, encoding: "utf8" }).trim();
  } catch {
    return "unknown";
  }
};

export default defineConfig({
  root: webRoot,
  base: "./",
  plugins: [react(), precompress(), buildEnvStamp()],
  define: { __VRF_RELEASE__: JSON.stringify(release()) },
  build: {
    outDir: "dist",
    emptyOutDir: true,
    // The raw size of one chunk says little: what counts is the compressed script of a first
    // load, which e2e/bundle-budget.test.ts keeps under 300 kB (the entry's chunk is ~850 kB raw).
    chunkSizeWarningLimit: 1000,
    rolldownOptions: {
      output: {
        codeSplitting: {
          // Everything the entry needs before any page (React, the router, antd's core, i18next,
          // the api client) in one chunk: one request, and brotli packs one large file much better
          // than the dozens of small shared chunks the bundler cuts by default (the sign-in page
          // loaded 60 files). Components used by some pages only are left to the bundler, so they
          // stay with those pages. The first-load budget is checked by e2e/bundle-budget.test.ts.
          // The bundler merges this chunk into the entry's own (its chunk optimisations are on:
          // app/main.tsx has no top-level await), so the page loads one file before the router.
          groups: [{ name: "core", tags: ["$initial"] }],
        },
      },
    },
  },
  server: {
    port: 5173,
    proxy: {
      "/account": { target: apiTarget, changeOrigin: true },
      "/hmt-web": { target: apiTarget, changeOrigin: true },
      "/server": { target: apiTarget, changeOrigin: true, ws: true },
    },
  },
});
