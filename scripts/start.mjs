// `npm start`: build the web app if it has not been built, then run the server
// (embedded database, demo data, web app) on one port.
import { spawnSync } from "node:child_process";
import { existsSync } from "node:fs";

const run = (command, args) => {
  const result = spawnSync(command, args, { stdio: "inherit", shell: false });
  if (result.status !== 0) process.exit(result.status ?? 1);
};

if (!existsSync("apps/web/dist/index.html")) {
  console.log("Building the web app (first start)...");
  run("npm", ["run", "build", "-w", "@vrf/web"]);
}
run("node", ["--import", "tsx", "apps/server/src/main.ts"]);
