import { MAX_PAYLOAD_BYTES, parseDeviceTopic } from "@vrf/contract/device/protocol.ts";
import type { createFloodGuard } from "./flood-guard.ts";
import type { QueuedMessage } from "./ingest-item.ts";
import type { IngestWriter } from "./ingest-writer.ts";
import type { TrafficCounters } from "./traffic-counters.ts";

/**
 * Where a device message enters the portal, from either broker: the checks that need only its
 * topic, size and rate, then the writer's queue. Its JSON and schema are read with its batch
 * (message-reader.ts). Nothing a device sends can throw out of here: bad traffic is counted and
 * dropped.
 */
export const createDeviceIntake = (options: {
  writer: IngestWriter;
  counters: TrafficCounters;
  floodGuard: ReturnType<typeof createFloodGuard>;
  now: () => Date;
}) => {
  const { counters, writer } = options;

  /** The message to queue, or null when it was dropped (and counted). */
  const accept = (topic: string, payload: Buffer): QueuedMessage | null => {
    counters.received();
    const parsed = parseDeviceTopic(topic);
    if (!parsed) {
      counters.drop("badTopic", topic.split("/")[1] ?? "?", topic.slice(0, 200));
      return null;
    }
    const { deviceId } = parsed;
    if (payload.length > MAX_PAYLOAD_BYTES) {
      counters.drop("tooLarge", deviceId, `${payload.length} bytes`);
      return null;
    }
    if (!options.floodGuard.allow(deviceId.toLowerCase())) {
      counters.drop("flood", deviceId);
      return null;
    }
    return { deviceId, topic: parsed.topic, payload, receivedAt: options.now().getTime() };
  };

  return {
    accept,
    /**
     * Queues the message; `settled` runs once it is committed, dropped or kept as a dead letter
     * (at once for a message dropped here), never for one a stopped writer gave up on.
     */
    take(topic: string, payload: Buffer, settled?: () => void): void {
      const queued = accept(topic, payload);
      if (!queued) {
        settled?.();
        return;
      }
      queued.onSettled = settled;
      writer.enqueue(queued);
    },
  };
};

export type DeviceIntake = ReturnType<typeof createDeviceIntake>;
