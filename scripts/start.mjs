// `npm start`: build the web app if it has never been built or its sources changed since (after a
// pull, say), then run the server (embedded database, demo data, web app) on one port.
import { spawnSync } from "node:child_process";
import { fileURLToPath } from "node:url";
import { SERVER_NODE_FLAGS } from "./server-node-flags.mjs";
import { webBuildStaleness } from "./web-build-stale.mjs";

const root = fileURLToPath(new URL("..", import.meta.url));

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false, cwd: root });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

const build = webBuildStaleness(root);
if (build.stale) {
  console.log(`Building the web app (${build.reason})...`);
  // Warnings and errors only: the file list of a build would push the start banner out of sight.
  run("npm", ["run", "build", "-w", "@vrf/web", "--", "--logLevel", "warn"]);
  console.log("Web app built.");
}
run("node", [...SERVER_NODE_FLAGS, "--import", "tsx", "apps/server/src/main.ts"]);
