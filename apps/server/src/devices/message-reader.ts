import type { CheckedMessage, QueuedMessage } from "./ingest-item.ts";
import { createMessageValidators } from "./message-validators.ts";
import type { TrafficCounters } from "./traffic-counters.ts";

/**
 * Reads a queued message when its batch is written: its JSON, then its contract schema (decision
 * 0012). What fails either is counted and dropped, so it writes nothing, as it would have on
 * arrival. Reading here rather than on arrival keeps each report's tree of objects for the few
 * milliseconds its batch takes, not for as long as it waits in the queue.
 */
export const createMessageReader = (counters: TrafficCounters) => {
  const check = createMessageValidators();
  return (queued: QueuedMessage): CheckedMessage | null => {
    let json: unknown;
    try {
      json = JSON.parse(queued.payload.toString("utf8"));
    } catch {
      counters.drop("badJson", queued.deviceId);
      return null;
    }
    const result = check(queued.topic, json);
    if (!result.ok) {
      counters.drop("badSchema", queued.deviceId, `${queued.topic}: ${result.path} ${result.reason}`);
      return null;
    }
    return {
      deviceId: queued.deviceId,
      topic: queued.topic,
      message: result.message,
      receivedAt: new Date(queued.receivedAt),
      bytes: queued.payload.length,
      payload: queued.payload,
    } as CheckedMessage;
  };
};
