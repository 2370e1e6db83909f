import { z } from "zod";
import { LINE_TEXT_PATTERN } from "../rules.ts";

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

/**
 * The check every string a device sends carries: no control characters, the request texts' rule
 * (rules.ts), as a pattern, since the gateway's compiled copy of these schemas states only what
 * JSON Schema can (apps/server/src/devices/message-validators.ts). A NUL would make PostgreSQL
 * refuse the whole batch the message is written in. The contract's test finds it by identity.
 */
export const DEVICE_TEXT_CHECK = z.regex(LINE_TEXT_PATTERN, { message: "controlCharacters" });

/** Every string of a device message starts here: a maximum length and no control characters. */
export const ZDeviceText = (max: number) => z.string().max(max).check(DEVICE_TEXT_CHECK);

/** A task, command or rollout id a device quotes. */
export const ZDeviceUuid = z.uuid().max(36).check(DEVICE_TEXT_CHECK);

/**
 * Times a device's clock gives (the header's `ts`, a frame's `at`), ms since the epoch. From the
 * epoch itself, so that a device whose clock was never set is still heard: the portal dates its
 * messages on arrival (apps/server/src/devices/ingest-item.ts `messageTime`) and moves its frames
 * by the same amount. Up to 2100-01-01: no clock that is right says more, and every time the
 * portal derives from these stays well inside what a `timestamptz` and a JavaScript date hold.
 */
export const DEVICE_TIME_RANGE = { min: 0, max: Date.UTC(2100, 0, 1) } as const;
export const ZDeviceTime = z.number().int().min(DEVICE_TIME_RANGE.min).max(DEVICE_TIME_RANGE.max);

/** Fields every device message starts with. */
export const ZMessageHeader = z.object({
  v: z.literal(PROTOCOL_VERSION),
  /** Kept as a `bigint` (the seen-message ids and windows): every safe integer fits. */
  seq: z.number().int().min(0).max(Number.MAX_SAFE_INTEGER),
  /** The device's clock when the message was made. */
  ts: ZDeviceTime,
});
