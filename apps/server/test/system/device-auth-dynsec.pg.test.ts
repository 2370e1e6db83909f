import { type ChildProcess, execFileSync, spawn } from "node:child_process";
import { randomBytes } from "node:crypto";
import { existsSync } from "node:fs";
import { mkdtemp, rm, writeFile } from "node:fs/promises";
import { connect } from "node:net";
import { tmpdir, userInfo } from "node:os";
import { join } from "node:path";
import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import mqtt, { type IClientOptions, type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { portalInstances } from "./helpers/portal-instances.ts";
import { admin, scratchDatabase } from "./helpers/scratch-database.ts";
import { freePort, type ServerProcess } from "./helpers/server-process.ts";

// A Mosquitto 2 of the test's own with the dynamic-security plugin and no anonymous access, two
// portal instances on one scratch database managing its accounts (MQTT_DYNSEC=on), and devices
// signing in with what the portal issued.
const PLUGIN_PATHS = [
  "/usr/lib/x86_64-linux-gnu/mosquitto_dynamic_security.so",
  "/usr/lib/aarch64-linux-gnu/mosquitto_dynamic_security.so",
  "/usr/lib/mosquitto/mosquitto_dynamic_security.so",
];
const { name: database, url: databaseUrl } = scratchDatabase("vrf_dynsec");
const adminPassword = randomBytes(12).toString("hex");

let dir: string;
let port: number;
let broker: ChildProcess | undefined;
let brokerOutput = "";
let portals: ReturnType<typeof portalInstances>;
let a: ServerProcess;
let b: ServerProcess;
const clients: MqttClient[] = [];
const tokens = new Map<ServerProcess, string>();
let devices: Array<{ id: number; serial: string; password: string }> = [];

const post = async <T>(server: ServerProcess, path: string, body: unknown, token?: string) =>
  (await (
    await fetch(`${server.baseUrl}${path}`, {
      method: "POST",
      headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
      body: JSON.stringify(body),
    })
  ).json()) as { errorCode: number; data: T };

/** A Distributor Cloud token for the demo distributor on that instance. */
const tokenOf = async (server: ServerProcess) => {
  const known = tokens.get(server);
  if (known) return known;
  const login = await post<{ accessToken: string }>(server, "/account/acc/login_pwd", {
    email: "distributor@example.com",
    password: "Demo1234",
  });
  const module = await post<{ token: string }>(
    server,
    "/hmt-web/himit-checker/sys/login",
    { accessToken: login.data.accessToken, authorityNum: 2 },
    login.data.accessToken,
  );
  tokens.set(server, module.data.token);
  return module.data.token;
};

const rotate = async (server: ServerProcess, deviceId: number) => {
  const issued = await post<{ password: string }>(
    server,
    "/hmt-web/distributor/devices/credentials/rotate",
    { deviceId },
    await tokenOf(server),
  );
  expect(issued.errorCode).toBe(0);
  return issued.data.password;
};

const connectAs = async (options: IClientOptions) => {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${port}`, {
    reconnectPeriod: 0,
    connectTimeout: 5_000,
    ...options,
  });
  clients.push(client);
  return client;
};
const device = (d: { serial: string; password: string }) =>
  connectAs({ clientId: d.serial, username: d.serial, password: d.password });

/** Whether the broker lets these credentials in: true, or the refusal's message. */
const signIn = async (options: IClientOptions): Promise<true | string> => {
  try {
    const client = await connectAs(options);
    client.end(true);
    return true;
  } catch (error) {
    return (error as Error).message;
  }
};

/** The portal changes the broker's accounts just after answering: what a device sees comes within moments. */
const eventually = <T>(check: () => Promise<T>) => expect.poll(check, { timeout: 10_000, interval: 200 });

const faultCount = (deviceId: number, code: string) =>
  admin(
    async (client) =>
      (
        await client.query<{ n: number }>("SELECT count(*)::int AS n FROM faults WHERE device_id = $1 AND code = $2", [
          deviceId,
          code,
        ])
      ).rows[0]?.n,
    databaseUrl,
  );

let seq = Date.now() * 1_000;
const fault = (code: string) =>
  JSON.stringify({ v: PROTOCOL_VERSION, seq: ++seq, ts: Date.now(), event: "raised", code, system: 0 });
const newCode = () => `Q${randomBytes(3).toString("hex")}`;

beforeAll(async () => {
  const plugin = PLUGIN_PATHS.find((path) => existsSync(path));
  if (!plugin)
    throw new Error(`Mosquitto's dynamic-security plugin is not installed (looked in ${PLUGIN_PATHS.join(", ")})`);
  dir = await mkdtemp(join(tmpdir(), "vrf-dynsec-"));
  execFileSync("mosquitto_ctrl", ["dynsec", "init", join(dir, "dynamic-security.json"), "admin", adminPassword]);
  port = await freePort();
  await writeFile(
    join(dir, "mosquitto.conf"),
    [
      // Run as root (CI), Mosquitto would switch to its own user, which cannot write the folder.
      `user ${userInfo().username}`,
      `listener ${port} 127.0.0.1`,
      "allow_anonymous false",
      "persistence false",
      `plugin ${plugin}`,
      `plugin_opt_config_file ${join(dir, "dynamic-security.json")}`,
      "log_dest stderr",
      "",
    ].join("\n"),
  );
  broker = spawn("/usr/sbin/mosquitto", ["-c", join(dir, "mosquitto.conf")], { stdio: ["ignore", "pipe", "pipe"] });
  broker.stderr?.on("data", (chunk: Buffer) => {
    brokerOutput += chunk.toString();
  });
  const deadline = Date.now() + 10_000;
  for (;;) {
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, "127.0.0.1", () => {
        socket.end();
        resolve(true);
      });
      socket.on("error", () => resolve(false));
    });
    if (open) break;
    if (Date.now() > deadline || broker.exitCode !== null) throw new Error(`Mosquitto did not start:\n${brokerOutput}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }

  await admin((client) => client.query(`CREATE DATABASE ${database}`));
  portals = portalInstances({
    databaseUrl,
    brokerUrl: `mqtt://admin:${adminPassword}@127.0.0.1:${port}`,
    env: { MQTT_DYNSEC: "on" },
  });
  // One after the other: the first migrates and seeds, the second finds it done.
  a = await portals.start();
  b = await portals.start();

  const list = (await (
    await fetch(`${a.baseUrl}/hmt-web/distributor/devices/list?pageNum=1&pageSize=3&kind=himit`, {
      headers: { authorization: `Bearer ${await tokenOf(a)}` },
    })
  ).json()) as { data: { list: Array<{ id: number; serialNumber: string }> } };
  devices = [];
  for (const row of list.data.list) {
    devices.push({ id: row.id, serial: row.serialNumber, password: await rotate(a, row.id) });
  }
  expect(devices).toHaveLength(3);
}, 180_000);

afterAll(async () => {
  for (const client of clients) client.end(true);
  await portals?.stopAll();
  if (broker && broker.exitCode === null) {
    const exited = new Promise((resolve) => broker?.once("exit", resolve));
    broker.kill("SIGTERM");
    await exited;
  }
  await admin((client) => client.query(`DROP DATABASE IF EXISTS ${database} WITH (FORCE)`));
  if (dir) await rm(dir, { recursive: true, force: true });
});

describe("devices on an external Mosquitto with dynamic security (MQTT_DYNSEC=on)", () => {
  it("starts without the unauthenticated-broker warning, and never logs the admin's password", () => {
    expect(a.output() + b.output()).not.toMatch(/devices are not authenticated by the portal/);
    expect(a.output() + b.output()).not.toContain(adminPassword);
  });

  it("a device signs in with credentials rotated through the API; its fault is stored once and acknowledged", async () => {
    const [first] = devices as [(typeof devices)[0]];
    await eventually(() => signIn({ clientId: first.serial, username: first.serial, password: first.password })).toBe(
      true,
    );
    const signedIn = await device(first);
    const granted = await signedIn.subscribeAsync(deviceTopic(first.serial, "cmd"), { qos: 1 });
    expect(granted[0]?.qos).toBe(1);
    // The portal's receipt for the fault reaches the device on its own cmd (section 4.3).
    const receipt = new Promise<string>((resolve) =>
      signedIn.once("message", (_topic, payload) => resolve(String(payload))),
    );
    const code = newCode();
    await signedIn.publishAsync(deviceTopic(first.serial, "fault"), fault(code), { qos: 1 });
    await eventually(() => faultCount(first.id, code)).toBe(1);
    expect(JSON.parse(await receipt)).toMatchObject({ type: "receipt" });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await faultCount(first.id, code)).toBe(1);
  });

  it("refuses an anonymous client, a wrong password, and a client id other than the serial number", async () => {
    const [first] = devices as [(typeof devices)[0]];
    expect(await signIn({})).toMatch(/Not authorized/i);
    expect(await signIn({ clientId: first.serial, username: first.serial, password: "not-the-password" })).toMatch(
      /Not authorized|Bad username or password/i,
    );
    expect(await signIn({ clientId: `${first.serial}-x`, username: first.serial, password: first.password })).not.toBe(
      true,
    );
  });

  it("a signed-in device cannot speak for another: nothing stored, no subscription to its cmd", async () => {
    const [first, second] = devices as [(typeof devices)[0], (typeof devices)[0]];
    const signedIn = await device(first);
    const foreign = newCode();
    await signedIn.publishAsync(deviceTopic(second.serial, "fault"), fault(foreign), { qos: 1 });
    // Its own fault after it: once that is stored, the other would have been too.
    const own = newCode();
    await signedIn.publishAsync(deviceTopic(first.serial, "fault"), fault(own), { qos: 1 });
    await eventually(() => faultCount(first.id, own)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await faultCount(second.id, foreign)).toBe(0);
    expect(await faultCount(first.id, foreign)).toBe(0);

    // Refused in the SUBACK (0x80), which mqtt.js reports as an error; the connection stays.
    await expect(signedIn.subscribeAsync(deviceTopic(second.serial, "cmd"), { qos: 1 })).rejects.toThrow(
      /Subscribe error/,
    );
    await expect(signedIn.subscribeAsync("vrf/+/cmd", { qos: 1 })).rejects.toThrow(/Subscribe error/);
    expect(signedIn.connected).toBe(true);
  });

  it("after rotation the old password no longer signs in and the open session ends; the new one works", async () => {
    const [, , third] = devices as [unknown, unknown, (typeof devices)[0]];
    const open = await device(third);
    const closed = new Promise<void>((resolve) => open.once("close", () => resolve()));
    // On the other instance: any instance manages the accounts.
    const password = await rotate(b, third.id);
    await closed;
    await eventually(() =>
      signIn({ clientId: third.serial, username: third.serial, password: third.password }),
    ).not.toBe(true);
    await eventually(() => signIn({ clientId: third.serial, username: third.serial, password })).toBe(true);
    third.password = password;
  });

  it("after the device is removed it cannot sign in", async () => {
    const [, second] = devices as [unknown, (typeof devices)[0]];
    expect(await signIn({ clientId: second.serial, username: second.serial, password: second.password })).toBe(true);
    const removed = await post(
      a,
      "/hmt-web/distributor/devices/remove",
      { id: second.id, kind: "himit" },
      await tokenOf(a),
    );
    expect(removed.errorCode).toBe(0);
    await eventually(() =>
      signIn({ clientId: second.serial, username: second.serial, password: second.password }),
    ).not.toBe(true);
  });

  it("says at start, in one line, how many devices hold credentials issued before and have no client", async () => {
    // A device whose secret was issued while the portal did not manage the broker.
    const inserted = await admin(
      async (client) =>
        (
          await client.query(
            `INSERT INTO device_credentials (device_id, secret_hash, issued_at)
             SELECT d.id, repeat('0', 64), now() FROM devices d
             WHERE NOT EXISTS (SELECT 1 FROM device_credentials c WHERE c.device_id = d.id)
             ORDER BY d.id LIMIT 1`,
          )
        ).rowCount,
      databaseUrl,
    );
    expect(inserted).toBe(1);
    const c = await portals.start();
    const lines = c
      .output()
      .split("\n")
      .filter((line) => line.includes("have no client on the broker"));
    expect(lines).toHaveLength(1);
    expect(lines[0]).toMatch(/WARN.*credentials issued before MQTT_DYNSEC=on.*rotated.*"devices":1/);
    // Every change the instances made was answered by the plugin as asked.
    expect(a.output() + b.output() + c.output()).not.toMatch(/not confirmed/);
  });
});
