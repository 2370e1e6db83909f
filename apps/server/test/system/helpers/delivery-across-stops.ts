import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDb } from "../../../src/db/open.ts";
import { freePort, type ServerProcess, startServerProcess, waitForStatus } from "./server-process.ts";

/**
 * What a device saw acknowledged is in the database, however the portal stops (embedded broker):
 * devices raise faults, each with a code of its own, as fast as their flood allowance lets them,
 * and the portal is killed (or stopped) in the middle. On the embedded database, or on
 * PostgreSQL (`databaseUrl`: a database of the caller's own, made before and dropped after).
 */
export function describeDeliveryAcrossStops(database: { databaseUrl?: string }) {
  let dataDir: string;
  let mqttPort: number;
  let server: ServerProcess | null = null;
  const DEVICES = 5;
  let devices: { id: number; serial: string; password: string }[] = [];

  const start = async () => {
    const started = await startServerProcess({
      DATA_DIR: dataDir,
      DATABASE_URL: database.databaseUrl,
      DEMO: "on",
      MQTT_PORT: String(mqttPort),
      SHUTDOWN_DRAIN_MS: "5000",
    });
    await waitForStatus(started, "/readyz");
    server = started;
    return started;
  };

  const post = async <T>(path: string, body: unknown, token?: string) =>
    (await (
      await fetch(`${server?.baseUrl}${path}`, {
        method: "POST",
        headers: { "content-type": "application/json", ...(token ? { authorization: `Bearer ${token}` } : {}) },
        body: JSON.stringify(body),
      })
    ).json()) as { errorCode: number; data: T };

  /** The faults' codes each device has in the database (read with the portal stopped). */
  const storedCodes = async (): Promise<Set<string>> => {
    const db = openDb(database.databaseUrl ? { databaseUrl: database.databaseUrl } : { dataDir });
    try {
      const rows = await db
        .selectFrom("faults")
        .where(
          "device_id",
          "in",
          devices.map((d) => d.id),
        )
        .select(["device_id", "code"])
        .execute();
      return new Set(rows.map((r) => `${r.device_id}:${r.code}`));
    } finally {
      await db.destroy();
    }
  };

  /**
   * Each device raises faults with fresh codes, a few in flight at once, until told to stop; the
   * codes whose PUBACK arrived are returned.
   */
  const raiseFaults = (run: string) => {
    const acknowledged = new Set<string>();
    const clients: MqttClient[] = [];
    let stopped = false;
    const done = Promise.all(
      devices.map(async (device, d) => {
        const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${mqttPort}`, {
          clientId: device.serial,
          username: device.serial,
          password: device.password,
          reconnectPeriod: 0,
        });
        clients.push(client);
        let seq = Date.now() * 1000 + d;
        for (let n = 0; !stopped && n < 150; n++) {
          const code = `${run}${d}-${n}`;
          const body = { v: PROTOCOL_VERSION, seq: ++seq, ts: Date.now(), event: "raised", code, system: 0 };
          // Not awaited: several in flight, as a device with a backlog sends them.
          client.publishAsync(deviceTopic(device.serial, "fault"), JSON.stringify(body), { qos: 1 }).then(
            () => acknowledged.add(`${device.id}:${code}`),
            () => {},
          );
          await new Promise((resolve) => setTimeout(resolve, 60));
        }
      }),
    );
    return {
      acknowledged,
      async stop() {
        stopped = true;
        await done.catch(() => {});
        for (const client of clients) client.end(true);
      },
    };
  };

  beforeAll(async () => {
    dataDir = await mkdtemp(join(tmpdir(), "vrf-delivery-"));
    mqttPort = await freePort();
    await start();
    // Devices of the test's own: credentials a person issued, which the demo fleet leaves alone
    // from the next start on.
    const login = await post<{ accessToken: string }>("/account/acc/login_pwd", {
      email: "distributor@example.com",
      password: "Demo1234",
    });
    const module = await post<{ token: string }>(
      "/hmt-web/himit-checker/sys/login",
      { accessToken: login.data.accessToken, authorityNum: 2 },
      login.data.accessToken,
    );
    const list = (await (
      await fetch(`${server?.baseUrl}/hmt-web/distributor/devices/list?pageNum=1&pageSize=${DEVICES}&kind=himit`, {
        headers: { authorization: `Bearer ${module.data.token}` },
      })
    ).json()) as { errorCode: number; data: { list: { id: number; serialNumber: string }[] } };
    expect(list.errorCode).toBe(0);
    devices = [];
    for (const row of list.data.list.slice(0, DEVICES)) {
      const issued = await post<{ password: string }>(
        "/hmt-web/distributor/devices/credentials/rotate",
        { deviceId: row.id },
        module.data.token,
      );
      expect(issued.errorCode).toBe(0);
      devices.push({ id: row.id, serial: row.serialNumber, password: issued.data.password });
    }
    expect(devices).toHaveLength(DEVICES);
    server?.child.kill("SIGTERM");
    expect(await server?.exited).toBe(0);
  }, 240_000);

  afterAll(async () => {
    await server?.kill();
    if (dataDir) await rm(dataDir, { recursive: true, force: true });
  });

  describe("a device message the portal acknowledged", () => {
    it("survives kill -9 of the portal", async () => {
      const portal = await start();
      const traffic = raiseFaults("K");
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      portal.child.kill("SIGKILL");
      await portal.exited;
      await traffic.stop();
      expect(traffic.acknowledged.size).toBeGreaterThan(50);
      const stored = await storedCodes();
      const missing = [...traffic.acknowledged].filter((code) => !stored.has(code));
      expect(missing).toEqual([]);
    }, 240_000);

    it("survives SIGTERM, and the portal exits 0 within its drain time", async () => {
      const portal = await start();
      const traffic = raiseFaults("T");
      await new Promise((resolve) => setTimeout(resolve, 2_500));
      const signalled = Date.now();
      portal.child.kill("SIGTERM");
      expect(await portal.exited).toBe(0);
      expect(Date.now() - signalled).toBeLessThan(5_000 + 5_000);
      await traffic.stop();
      expect(traffic.acknowledged.size).toBeGreaterThan(50);
      const stored = await storedCodes();
      const missing = [...traffic.acknowledged].filter((code) => !stored.has(code));
      expect(missing).toEqual([]);
    }, 240_000);
  });
}
