import { z } from "zod";

/**
 * The device link's wire rules (DESIGN section 10, docs/device-protocol.md). Every message a
 * device publishes carries the protocol version, a sequence number the device never reuses
 * (duplicates from QoS 1 redelivery are dropped by device and sequence) and the device's clock.
 */
export const PROTOCOL_VERSION = 1;

/** Topics a device publishes under `vrf/{deviceId}/`, and the one it subscribes to. */
export const DEVICE_TOPICS = ["online", "status", "telemetry", "fault", "progress", "capture", "ack", "ota"] as const;
export type TDeviceTopic = (typeof DEVICE_TOPICS)[number];
export const COMMAND_TOPIC = "cmd";

export const TOPIC_ROOT = "vrf";

/** A device id on the wire is its serial number: letters, digits, '-', '_' and '.' (as serial numbers allow; no MQTT wildcards). */
export const DEVICE_ID_PATTERN = /^[A-Za-z0-9_.-]{1,64}$/;
export const ZDeviceId = z.string().regex(DEVICE_ID_PATTERN);

export const deviceTopic = (deviceId: string, topic: TDeviceTopic | typeof COMMAND_TOPIC) =>
  `${TOPIC_ROOT}/${deviceId}/${topic}`;

/** `vrf/{deviceId}/{topic}` → its parts, or null for anything else. */
export const parseDeviceTopic = (topic: string): { deviceId: string; topic: TDeviceTopic } | null => {
  const parts = topic.split("/");
  if (parts.length !== 3 || parts[0] !== TOPIC_ROOT) return null;
  const [, deviceId, name] = parts as [string, string, string];
  if (!DEVICE_ID_PATTERN.test(deviceId) || !(DEVICE_TOPICS as readonly string[]).includes(name)) return null;
  return { deviceId, topic: name as TDeviceTopic };
};

/** The largest payload the portal accepts on any topic; larger ones are dropped and counted. */
export const MAX_PAYLOAD_BYTES = 64 * 1024;

/** QoS per topic: state and results at least once; telemetry too, so nothing is lost in a reconnect. */
export const TOPIC_QOS: Record<TDeviceTopic | typeof COMMAND_TOPIC, 0 | 1> = {
  online: 1,
  status: 1,
  telemetry: 1,
  fault: 1,
  progress: 1,
  capture: 1,
  ack: 1,
  ota: 1,
  cmd: 1,
};

/** Fields every device message starts with. */
export const ZMessageHeader = z.object({
  v: z.literal(PROTOCOL_VERSION),
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The device's clock, ms since the epoch. */
  ts: z.number().int().min(0).max(8_640_000_000_000),
});
