import { type ChildProcess, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort, type ServerProcess, startServerProcess, waitForStatus } from "./helpers/server-process.ts";

// An external broker that lets anyone in (TEST_MQTT_URL's Mosquitto on CI, else one of the
// test's own): unless the portal manages its accounts or answers its HTTP authentication, the
// start says in one warning that devices are not authenticated there.
const WARNING = "devices are not authenticated by the portal on this broker";

let dir: string;
let brokerUrl: string;
let broker: ChildProcess | undefined;
let server: ServerProcess | undefined;

const waitForPort = async (port: number) => {
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) return;
    if (Date.now() > deadline || broker?.exitCode !== null) throw new Error("Mosquitto did not start");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};

beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), "vrf-broker-warning-"));
  if (process.env.TEST_MQTT_URL) {
    brokerUrl = process.env.TEST_MQTT_URL;
    return;
  }
  const port = await freePort();
  await writeFile(
    join(dir, "mosquitto.conf"),
    [`user ${userInfo().username}`, `listener ${port} 127.0.0.1`, "allow_anonymous true", "persistence false", ""].join(
      "\n",
    ),
  );
  broker = spawn("/usr/sbin/mosquitto", ["-c", join(dir, "mosquitto.conf")], { stdio: "ignore" });
  await waitForPort(port);
  brokerUrl = `mqtt://127.0.0.1:${port}`;
});

afterAll(async () => {
  await server?.kill();
  if (broker && broker.exitCode === null) {
    const exited = new Promise((resolve) => broker?.once("exit", resolve));
    broker.kill("SIGTERM");
    await exited;
  }
  await rm(dir, { recursive: true, force: true });
});

const start = async (env: Record<string, string>) => {
  const dataDir = await mkdtemp(join(dir, "data-"));
  server = await startServerProcess({
    DATA_DIR: dataDir,
    DEMO: "off",
    MQTT_URL: brokerUrl,
    MQTT_SHARED_GROUP: `test-${randomBytes(4).toString("hex")}`,
    ...env,
  });
  await waitForStatus(server, "/readyz");
  const running = server;
  const deadline = Date.now() + 30_000;
  while (!running.output().includes("VRF Cloud is running")) {
    if (Date.now() > deadline) throw new Error(`the portal did not say it runs:\n${running.output()}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  return running;
};

describe("an external broker without device authentication", () => {
  it("is named in one warning at start, with what to set", async () => {
    const running = await start({});
    const lines = running
      .output()
      .split("\n")
      .filter((line) => line.includes(WARNING));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN: .*set MQTT_DYNSEC=on \(Mosquitto\) or configure HTTP authentication \(EMQX/);
    await running.kill();
  });

  it("is not warned about when EMQX asks the portal over HTTP (MQTT_HTTP_AUTH_TOKEN)", async () => {
    const running = await start({ MQTT_HTTP_AUTH_TOKEN: randomBytes(24).toString("base64url") });
    expect(running.output()).not.toContain(WARNING);
    await running.kill();
  });
});
