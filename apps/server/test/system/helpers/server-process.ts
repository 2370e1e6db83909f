import { type ChildProcess, spawn } from "node:child_process";
import { createServer } from "node:net";
import { fileURLToPath } from "node:url";

const REPO_ROOT = fileURLToPath(new URL("../../../../../", import.meta.url));

/** A port nobody listens on right now: bind 0, read it, let it go. */
export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const probe = createServer();
    probe.once("error", reject);
    probe.listen(0, "127.0.0.1", () => {
      const address = probe.address();
      const port = typeof address === "object" && address ? address.port : 0;
      probe.close(() => resolve(port));
    });
  });

export interface ServerProcess {
  child: ChildProcess;
  baseUrl: string;
  port: number;
  /** Everything the process wrote so far (for failure messages). */
  output(): string;
  /** Resolves with the exit code once the process has ended. */
  exited: Promise<number | null>;
  /** SIGKILL if still running, then wait for the end. */
  kill(): Promise<void>;
}

/**
 * The real server (`node --import tsx apps/server/src/main.ts`) on 127.0.0.1 and a free port.
 * A variable given as `undefined` is left unset (to run with its default).
 */
export async function startServerProcess(env: Record<string, string | undefined>): Promise<ServerProcess> {
  const port = await freePort();
  const merged: Record<string, string | undefined> = {
    PATH: process.env.PATH ?? "",
    HOME: process.env.HOME ?? "",
    HOST: "127.0.0.1",
    PORT: String(port),
    LOG_LEVEL: "warn",
    WEB_DIST: "/nonexistent-web-dist",
    // A broker port of its own, so a portal already running here (18830) is no obstacle.
    MQTT_PORT: "0",
    ...env,
  };
  const child = spawn(process.execPath, ["--import", "tsx", "apps/server/src/main.ts"], {
    cwd: REPO_ROOT,
    env: Object.fromEntries(Object.entries(merged).filter(([, value]) => value !== undefined)),
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  child.stderr?.on("data", (chunk: Buffer) => {
    output += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once("exit", (code) => resolve(code)));
  return {
    child,
    port,
    baseUrl: `http://127.0.0.1:${port}`,
    output: () => output,
    exited,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill("SIGKILL");
      await exited;
    },
  };
}

/** Polls `url` until it answers `status` (bounded); throws with the server's output otherwise. */
export async function waitForStatus(server: ServerProcess, path: string, status = 200, timeoutMs = 90_000) {
  const deadline = Date.now() + timeoutMs;
  let last = "no answer";
  while (Date.now() < deadline) {
    if (server.child.exitCode !== null)
      throw new Error(`server exited (${server.child.exitCode}):\n${server.output()}`);
    try {
      const response = await fetch(`${server.baseUrl}${path}`, { signal: AbortSignal.timeout(5_000) });
      last = `HTTP ${response.status}`;
      await response.arrayBuffer();
      if (response.status === status) return;
    } catch (error) {
      last = String(error);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  throw new Error(`${path} did not answer ${status} within ${timeoutMs} ms (last: ${last}):\n${server.output()}`);
}
