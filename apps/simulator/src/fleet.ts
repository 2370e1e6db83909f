import { DEVICE_TOPICS, type TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import { createSimulatedDevice, type SimulatedDevice, type SimulatedDeviceOptions } from "./simulated-device.ts";

export type FleetDeviceOptions = Omit<SimulatedDeviceOptions, "url">;

export interface FleetOptions {
  url: string;
  devices: readonly FleetDeviceOptions[];
  /** Connections opened at once: thousands of simultaneous CONNECTs would measure the broker's accept queue, not the portal. */
  concurrencyOfConnects?: number;
}

export interface FleetStats {
  devices: number;
  started: number;
  connected: number;
  /** Devices whose start failed (refused credentials) or that were stopped before connecting. */
  failed: number;
  published: Record<TDeviceTopic, number>;
  publishedTotal: number;
}

export interface Fleet {
  readonly devices: readonly SimulatedDevice[];
  /** Resolves when every device has connected or failed to. */
  start(): Promise<{ started: number; failed: Array<{ deviceId: string; error: string }> }>;
  stop(options?: { graceful?: boolean }): Promise<void>;
  stats(): FleetStats;
}

/** Runs `work` over `items` with at most `limit` in flight. */
const forEachBounded = async <T>(items: readonly T[], limit: number, work: (item: T) => Promise<void>) => {
  let next = 0;
  const worker = async () => {
    while (next < items.length) {
      const item = items[next++] as T;
      await work(item);
    }
  };
  await Promise.all(Array.from({ length: Math.max(1, Math.min(limit, items.length)) }, worker));
};

export const createFleet = (options: FleetOptions): Fleet => {
  const concurrency = options.concurrencyOfConnects ?? 50;
  const published = Object.fromEntries(DEVICE_TOPICS.map((topic) => [topic, 0])) as Record<TDeviceTopic, number>;
  let publishedTotal = 0;
  let started = 0;
  let stopping = false;
  const failed: Array<{ deviceId: string; error: string }> = [];

  const devices = options.devices.map((device) =>
    createSimulatedDevice({
      ...device,
      url: options.url,
      onPublish: (message) => {
        published[message.topic] += 1;
        publishedTotal += 1;
        device.onPublish?.(message);
      },
    }),
  );

  return {
    devices,
    async start() {
      await forEachBounded(devices, concurrency, async (device) => {
        if (stopping) return;
        try {
          await device.start();
          started += 1;
        } catch (error) {
          failed.push({ deviceId: device.deviceId, error: error instanceof Error ? error.message : String(error) });
        }
      });
      return { started, failed: [...failed] };
    },
    async stop(stopOptions = {}) {
      stopping = true;
      await forEachBounded(devices, concurrency * 4, (device) => device.stop(stopOptions));
    },
    stats: () => ({
      devices: devices.length,
      started,
      connected: devices.reduce((count, device) => count + (device.connected ? 1 : 0), 0),
      failed: failed.length,
      published: { ...published },
      publishedTotal,
    }),
  };
};
