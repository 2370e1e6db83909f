import { randomBytes } from "node:crypto";
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DEVICE_LINK_STATS_PATH } from "../../../src/plugins/health.ts";
import { type ServerProcess, startServerProcess, waitForStatus } from "./server-process.ts";

export interface LinkStats {
  connected: boolean;
  received: number;
  written: number;
  dropped: { duplicate: number };
}

/**
 * Portal processes on one PostgreSQL database and one external broker, splitting the device
 * traffic through a shared subscription group of the test's own. Each is ready, with its device
 * link connected, when `start` resolves; `linkStats` reads its traffic counts (METRICS_TOKEN).
 */
export const portalInstances = (options: { databaseUrl: string; brokerUrl: string; env?: Record<string, string> }) => {
  const group = `test-${randomBytes(4).toString("hex")}`;
  const metricsToken = randomBytes(24).toString("base64url");
  const dirs: string[] = [];
  const started: ServerProcess[] = [];

  const linkStats = async (server: ServerProcess): Promise<LinkStats> => {
    const headers = { authorization: `Bearer ${metricsToken}` };
    const response = await fetch(`${server.baseUrl}${DEVICE_LINK_STATS_PATH}`, { headers });
    return ((await response.json()) as { data: LinkStats }).data;
  };

  return {
    group,
    linkStats,
    async start(): Promise<ServerProcess> {
      const dataDir = await mkdtemp(join(tmpdir(), "vrf-instance-"));
      dirs.push(dataDir);
      const server = await startServerProcess({
        DATABASE_URL: options.databaseUrl,
        DEMO: "on",
        DATA_DIR: dataDir,
        MQTT_URL: options.brokerUrl,
        MQTT_SHARED_GROUP: group,
        METRICS_TOKEN: metricsToken,
        ...options.env,
      });
      started.push(server);
      await waitForStatus(server, "/readyz");
      const deadline = Date.now() + 15_000;
      while (!(await linkStats(server)).connected) {
        if (Date.now() > deadline) throw new Error(`the device link did not connect:\n${server.output()}`);
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      return server;
    },
    /** Kills every instance still running and removes their folders. */
    async stopAll(): Promise<void> {
      for (const server of started) await server.kill();
      for (const dir of dirs) await rm(dir, { recursive: true, force: true });
    },
  };
};
