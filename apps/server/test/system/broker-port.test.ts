import { mkdtemp, rm } from "node:fs/promises";
import { createServer, type Server } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_MQTT_PORT } from "../../src/config.ts";
import { freePort, startServerProcess } from "./helpers/server-process.ts";

let dataDir: string;
let holder: Server;
let heldPort: number;

beforeAll(async () => {
  dataDir = await mkdtemp(join(tmpdir(), "vrf-broker-port-"));
  heldPort = await freePort();
  holder = createServer();
  await new Promise<void>((resolve) => holder.listen(heldPort, "0.0.0.0", resolve));
});
afterAll(async () => {
  await new Promise<void>((resolve) => holder.close(() => resolve()));
  await rm(dataDir, { recursive: true, force: true });
});

describe("the embedded broker's port", () => {
  it("is not MQTT's standard 1883, so the portal starts beside a Mosquitto", () => {
    expect(DEFAULT_MQTT_PORT).not.toBe(1883);
  });

  it("when taken, stops the start with one line saying what to set, not a stack trace", async () => {
    const server = await startServerProcess({ DATA_DIR: dataDir, MQTT_PORT: String(heldPort) });
    expect(await server.exited).toBe(1);
    expect(server.output()).toContain(`MQTT_PORT ${heldPort} is in use`);
    expect(server.output()).toContain("MQTT_URL");
    expect(server.output()).not.toMatch(/\n\s+at /);
  });
});
