import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import type { z } from "zod";
import {
  DEVICE_MESSAGE_SCHEMAS,
  PROGRESS_STAGES,
  PROGRESS_STEPS,
  stageOfStep,
  ZCaptureMessage,
  ZCommandMessage,
  ZFaultMessage,
  ZOtaMessage,
  ZProgressMessage,
  ZReceiptMessage,
  ZStatusMessage,
  ZTelemetryMessage,
} from "./messages.ts";
import {
  DEVICE_TIME_RANGE,
  DEVICE_TOPICS,
  deviceTopic,
  MAX_PAYLOAD_BYTES,
  PROTOCOL_VERSION,
  parseDeviceTopic,
  type TDeviceTopic,
} from "./protocol.ts";
import { ZUnitSettings } from "./units.ts";

/**
 * The examples docs/device-protocol.md shows, as the text firmware writers read. Each one must pass
 * its schema unchanged, and every JSON block of the document must be one of them byte for byte.
 */
interface Example {
  schema: z.ZodType;
  text: string;
}

const EXAMPLES = {
  lastWill: {
    schema: DEVICE_MESSAGE_SCHEMAS.online,
    text: `{
  "v": 1,
  "seq": 1041,
  "ts": 1767254400000,
  "online": false
}`,
  },
  online: {
    schema: DEVICE_MESSAGE_SCHEMAS.online,
    text: `{
  "v": 1,
  "seq": 1042,
  "ts": 1767254400050,
  "online": true,
  "firmware": "2.4.1"
}`,
  },
  status: {
    schema: DEVICE_MESSAGE_SCHEMAS.status,
    text: `{
  "v": 1,
  "seq": 1043,
  "ts": 1767254400120,
  "state": "grabbing",
  "storageUsedKb": 18432,
  "taskId": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
}`,
  },
  telemetry: {
    schema: DEVICE_MESSAGE_SCHEMAS.telemetry,
    text: `{
  "v": 1,
  "seq": 1044,
  "ts": 1767254405000,
  "system": 0,
  "outdoor": [
    {
      "address": 0,
      "status": "TH ON",
      "compressorHz": 62.5,
      "highPressureMpa": 2.71,
      "lowPressureMpa": 0.93,
      "dischargeTempC": 78.4,
      "suctionTempC": 9.2,
      "outdoorAirTempC": 31.5,
      "fanRpm": 720,
      "eevPulses": [480, 120],
      "currentA": 14.2,
      "runningHours": 12874
    }
  ],
  "indoor": [
    {
      "address": 0,
      "status": "TH ON",
      "powerOn": true,
      "mode": "cooling",
      "fanSpeed": "auto",
      "louver": 2,
      "setTempC": 24.5,
      "roomTempC": 26.1,
      "eevPulses": 310,
      "pipeTempsC": [12.5, 8.0],
      "supports": {
        "modes": ["cooling", "heating", "fan", "dry", "auto"],
        "fanSpeeds": ["high", "mid", "low", "auto"],
        "louver": true
      }
    },
    {
      "address": 1,
      "status": "STOP",
      "powerOn": false,
      "mode": "heating",
      "fanSpeed": "low",
      "louver": 1,
      "setTempC": 22,
      "roomTempC": 23.4,
      "eevPulses": 0,
      "pipeTempsC": [23.0, 23.5]
    }
  ]
}`,
  },
  faultRaised: {
    schema: DEVICE_MESSAGE_SCHEMAS.fault,
    text: `{
  "v": 1,
  "seq": 1045,
  "ts": 1767254410000,
  "event": "raised",
  "code": "P01",
  "system": 0,
  "indoorAddress": 5
}`,
  },
  faultCleared: {
    schema: DEVICE_MESSAGE_SCHEMAS.fault,
    text: `{
  "v": 1,
  "seq": 1046,
  "ts": 1767254470000,
  "event": "cleared",
  "code": "C12",
  "system": 0
}`,
  },
  progress: {
    schema: DEVICE_MESSAGE_SCHEMAS.progress,
    text: `{
  "v": 1,
  "seq": 1047,
  "ts": 1767254475000,
  "step": 45
}`,
  },
  capture: {
    schema: DEVICE_MESSAGE_SCHEMAS.capture,
    text: `{
  "v": 1,
  "seq": 1048,
  "ts": 1767254700000,
  "taskId": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  "frames": [
    { "at": 1767254401010, "hex": "aa0110030001b2c4" },
    { "at": 1767254401180, "hex": "aa0210050003190a7e55" }
  ]
}`,
  },
  ackOk: {
    schema: DEVICE_MESSAGE_SCHEMAS.ack,
    text: `{
  "v": 1,
  "seq": 1049,
  "ts": 1767254762400,
  "cmdId": "0b7e4c2a-93d1-4f5e-a6b8-2c1d0e9f8a7b",
  "result": "ok"
}`,
  },
  ackFailed: {
    schema: DEVICE_MESSAGE_SCHEMAS.ack,
    text: `{
  "v": 1,
  "seq": 1050,
  "ts": 1767261602500,
  "cmdId": "c8e1f2a3-4b5c-4d6e-b7f8-09a1b2c3d4e5",
  "result": "failed",
  "reason": "not enough storage for the package"
}`,
  },
  otaDownloading: {
    schema: DEVICE_MESSAGE_SCHEMAS.ota,
    text: `{
  "v": 1,
  "seq": 1051,
  "ts": 1767261604000,
  "rolloutId": "9d4b7a1e-2c3f-4e5a-8b6c-0d1e2f3a4b5c",
  "stage": "downloading",
  "percent": 40
}`,
  },
  otaFailed: {
    schema: DEVICE_MESSAGE_SCHEMAS.ota,
    text: `{
  "v": 1,
  "seq": 1054,
  "ts": 1767261611000,
  "rolloutId": "9d4b7a1e-2c3f-4e5a-8b6c-0d1e2f3a4b5c",
  "stage": "failed",
  "percent": 100,
  "failure": "checksum"
}`,
  },
  receipt: {
    schema: ZReceiptMessage,
    text: `{
  "v": 1,
  "type": "receipt",
  "seqs": [1042, 1043, 1047]
}`,
  },
  control: {
    schema: ZCommandMessage,
    text: `{
  "v": 1,
  "type": "control",
  "cmdId": "0b7e4c2a-93d1-4f5e-a6b8-2c1d0e9f8a7b",
  "issuedAt": 1767254760000,
  "expiresAt": 1767254790000,
  "target": { "system": 0, "indoor": [0, 1] },
  "set": { "powerOn": true, "mode": "cooling", "setTempC": 24.5 }
}`,
  },
  taskStart: {
    schema: ZCommandMessage,
    text: `{
  "v": 1,
  "type": "taskStart",
  "cmdId": "5d2a9c4e-1b3f-4a6d-9e8c-7f0b2a1c3d4e",
  "issuedAt": 1767254340000,
  "expiresAt": 1767254370000,
  "taskId": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f",
  "kind": "capture",
  "intervalS": 300,
  "endAt": 1767258000000
}`,
  },
  taskStop: {
    schema: ZCommandMessage,
    text: `{
  "v": 1,
  "type": "taskStop",
  "cmdId": "a3c5e7f9-2b4d-4f6a-8c0e-1d3f5a7b9c2e",
  "issuedAt": 1767256200000,
  "expiresAt": 1767256230000,
  "taskId": "6f1c2d3e-4b5a-4c6d-8e7f-9a0b1c2d3e4f"
}`,
  },
  ota: {
    schema: ZCommandMessage,
    text: `{
  "v": 1,
  "type": "ota",
  "cmdId": "c8e1f2a3-4b5c-4d6e-b7f8-09a1b2c3d4e5",
  "issuedAt": 1767261600000,
  "expiresAt": 1767261630000,
  "rolloutId": "9d4b7a1e-2c3f-4e5a-8b6c-0d1e2f3a4b5c",
  "version": "2.5.0",
  "url": "https://portal.example.com/device-api/rollouts/9d4b7a1e-2c3f-4e5a-8b6c-0d1e2f3a4b5c/firmware/1207?token=qolPTR9szHU9er8Kqkgg3rpHXRf6E-HZFzrxPS6ACUY",
  "sizeBytes": 1048576,
  "sha256": "a799e46265f9cc1a2ff2e9b959f55038c6e049acc000135e79c1e1ee306f001b"
}`,
  },
} satisfies Record<string, Example>;
type ExampleName = keyof typeof EXAMPLES;

/** The example that stands for each topic in the per-topic checks. */
const TOPIC_EXAMPLE: Record<TDeviceTopic, ExampleName> = {
  online: "online",
  status: "status",
  telemetry: "telemetry",
  fault: "faultRaised",
  progress: "progress",
  capture: "capture",
  ack: "ackOk",
  ota: "otaDownloading",
};
const COMMAND_EXAMPLES = ["control", "taskStart", "taskStop", "ota"] as const satisfies readonly ExampleName[];

const example = (name: ExampleName): unknown => JSON.parse(EXAMPLES[name].text);

type Key = string | number;
const REMOVE = Symbol("remove");

/** A copy of `value` with the field at `path` replaced (or removed with REMOVE). */
const changed = (value: unknown, path: readonly Key[], to: unknown): unknown => {
  const copy = structuredClone(value);
  let node = copy as Record<Key, unknown>;
  for (const key of path.slice(0, -1)) node = node[key] as Record<Key, unknown>;
  const last = path[path.length - 1] as Key;
  if (to === REMOVE) Reflect.deleteProperty(node, last);
  else node[last] = to;
  return copy;
};

/** The fields a schema refuses in a value, each once; none when it accepts it. Unknown fields read "name (unknown)". */
const refusals = (schema: z.ZodType, value: unknown): string[] => {
  const result = schema.safeParse(value);
  if (result.success) return [];
  const fields = result.error.issues.flatMap((issue) => {
    const at = issue.path.map(String).join(".");
    if (issue.code === "unrecognized_keys") return issue.keys.map((key) => `${at ? `${at}.` : ""}${key} (unknown)`);
    return [at || "(root)"];
  });
  return [...new Set(fields)];
};

describe("device message examples", () => {
  it.each(Object.keys(EXAMPLES) as ExampleName[])("%s passes its schema without losing a field", (name) => {
    const value = example(name);
    expect(refusals(EXAMPLES[name].schema, value)).toEqual([]);
    expect(EXAMPLES[name].schema.parse(value)).toEqual(value);
  });

  it.each(DEVICE_TOPICS)("the %s topic's schema accepts its example", (topic) => {
    expect(refusals(DEVICE_MESSAGE_SCHEMAS[topic], example(TOPIC_EXAMPLE[topic]))).toEqual([]);
  });

  it("covers every command type", () => {
    const types = ZCommandMessage.options.map((option) => option.shape.type.value);
    expect(COMMAND_EXAMPLES.map((name) => (example(name) as { type: string }).type)).toEqual(types);
  });

  it("are the examples docs/device-protocol.md shows, byte for byte", () => {
    const doc = readFileSync(new URL("../../../../docs/device-protocol.md", import.meta.url), "utf8");
    const blocks = [...doc.matchAll(/^```json\n([\s\S]*?)\n```$/gm)].map((match) => match[1]);
    const texts = Object.values(EXAMPLES).map((e) => e.text);
    expect(blocks.length).toBeGreaterThan(0);
    for (const block of blocks) expect(texts).toContain(block);
    for (const text of texts) expect(blocks).toContain(text);
  });

  it("leaves room for 120 full-length capture frames within the payload limit, as the document says", () => {
    const frame = { at: 1767254401010, hex: "ab".repeat(256) };
    const capture = (frames: number) => ({
      ...(example("capture") as object),
      seq: Number.MAX_SAFE_INTEGER,
      frames: Array.from({ length: frames }, () => frame),
    });
    expect(refusals(ZCaptureMessage, capture(120))).toEqual([]);
    expect(Buffer.byteLength(JSON.stringify(capture(120)))).toBeLessThanOrEqual(MAX_PAYLOAD_BYTES);
    expect(Buffer.byteLength(JSON.stringify(capture(121)))).toBeGreaterThan(MAX_PAYLOAD_BYTES);
  });
});

describe("the common header", () => {
  it.each(DEVICE_TOPICS)("%s refuses another protocol version", (topic) => {
    const schema = DEVICE_MESSAGE_SCHEMAS[topic];
    const valid = example(TOPIC_EXAMPLE[topic]);
    expect(refusals(schema, changed(valid, ["v"], PROTOCOL_VERSION + 1))).toEqual(["v"]);
    expect(refusals(schema, changed(valid, ["v"], 0))).toEqual(["v"]);
    expect(refusals(schema, changed(valid, ["v"], "1"))).toEqual(["v"]);
    expect(refusals(schema, changed(valid, ["v"], REMOVE))).toEqual(["v"]);
  });

  it.each(DEVICE_TOPICS)("%s refuses a negative, fractional, unsafe or missing seq", (topic) => {
    const schema = DEVICE_MESSAGE_SCHEMAS[topic];
    const valid = example(TOPIC_EXAMPLE[topic]);
    expect(refusals(schema, changed(valid, ["seq"], -1))).toEqual(["seq"]);
    expect(refusals(schema, changed(valid, ["seq"], 1.5))).toEqual(["seq"]);
    expect(refusals(schema, changed(valid, ["seq"], Number.MAX_SAFE_INTEGER + 1))).toEqual(["seq"]);
    expect(refusals(schema, changed(valid, ["seq"], "1042"))).toEqual(["seq"]);
    expect(refusals(schema, changed(valid, ["seq"], REMOVE))).toEqual(["seq"]);
    expect(refusals(schema, changed(valid, ["seq"], 0))).toEqual([]);
    expect(refusals(schema, changed(valid, ["seq"], Number.MAX_SAFE_INTEGER))).toEqual([]);
  });

  it.each(DEVICE_TOPICS)("%s refuses a ts that is not whole milliseconds since the epoch", (topic) => {
    const schema = DEVICE_MESSAGE_SCHEMAS[topic];
    const valid = example(TOPIC_EXAMPLE[topic]);
    expect(refusals(schema, changed(valid, ["ts"], -1))).toEqual(["ts"]);
    expect(refusals(schema, changed(valid, ["ts"], 1767254400000.5))).toEqual(["ts"]);
    expect(refusals(schema, changed(valid, ["ts"], 8_640_000_000_001))).toEqual(["ts"]);
    expect(refusals(schema, changed(valid, ["ts"], "2026-01-01T08:00:00Z"))).toEqual(["ts"]);
  });

  it.each(DEVICE_TOPICS)("%s takes a clock never set, and none past 2100", (topic) => {
    const schema = DEVICE_MESSAGE_SCHEMAS[topic];
    const valid = example(TOPIC_EXAMPLE[topic]);
    expect(refusals(schema, changed(valid, ["ts"], 0))).toEqual([]);
    expect(refusals(schema, changed(valid, ["ts"], 3_600_000))).toEqual([]);
    expect(refusals(schema, changed(valid, ["ts"], DEVICE_TIME_RANGE.max))).toEqual([]);
    expect(refusals(schema, changed(valid, ["ts"], DEVICE_TIME_RANGE.max + 1))).toEqual(["ts"]);
  });

  it.each(DEVICE_TOPICS)("%s refuses an unknown field (the schemas are strict)", (topic) => {
    const schema = DEVICE_MESSAGE_SCHEMAS[topic];
    expect(refusals(schema, changed(example(TOPIC_EXAMPLE[topic]), ["extra"], 1))).toEqual(["extra (unknown)"]);
  });
});

describe("unit addresses and values", () => {
  const telemetry = example("telemetry");

  it("refuses outdoor address 8, indoor address 64 and system 64", () => {
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "address"], 7))).toEqual([]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "address"], 8))).toEqual([
      "outdoor.0.address",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "address"], 63))).toEqual([]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "address"], 64))).toEqual(["indoor.0.address"]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "address"], -1))).toEqual(["indoor.0.address"]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["system"], 63))).toEqual([]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["system"], 64))).toEqual(["system"]);

    const fault = example("faultRaised");
    expect(refusals(ZFaultMessage, changed(fault, ["outdoorAddress"], 8))).toEqual(["outdoorAddress"]);
    expect(refusals(ZFaultMessage, changed(fault, ["indoorAddress"], 64))).toEqual(["indoorAddress"]);
    expect(refusals(ZFaultMessage, changed(fault, ["system"], 64))).toEqual(["system"]);

    const control = example("control");
    expect(refusals(ZCommandMessage, changed(control, ["target", "system"], 64))).toEqual(["target.system"]);
    expect(refusals(ZCommandMessage, changed(control, ["target", "indoor"], [0, 64]))).toEqual(["target.indoor.1"]);
  });

  it("refuses more than 8 outdoor or 64 indoor units in one system", () => {
    const outdoor = (example("telemetry") as { outdoor: unknown[] }).outdoor[0];
    const indoor = (example("telemetry") as { indoor: unknown[] }).indoor[1];
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor"], Array(9).fill(outdoor)))).toEqual(["outdoor"]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor"], Array(65).fill(indoor)))).toEqual(["indoor"]);
  });

  it("takes status words, not their numbers or other words", () => {
    for (const word of ["STOP", "TH OFF", "TH ON", "ALARM"]) {
      expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "status"], word))).toEqual([]);
    }
    for (const bad of ["RUN", "th on", "TH_ON", 2, ""]) {
      expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "status"], bad))).toEqual([
        "outdoor.0.status",
      ]);
    }
  });

  it("refuses an unknown mode or fan speed in a snapshot, in what a unit supports and in a command", () => {
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "mode"], "cool"))).toEqual(["indoor.0.mode"]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "fanSpeed"], "medium"))).toEqual([
      "indoor.0.fanSpeed",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "supports", "modes"], ["turbo"]))).toEqual([
      "indoor.0.supports.modes.0",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "supports", "fanSpeeds"], []))).toEqual([
      "indoor.0.supports.fanSpeeds",
    ]);
    const control = example("control");
    expect(refusals(ZCommandMessage, changed(control, ["set", "mode"], "Cooling"))).toEqual(["set.mode"]);
    expect(refusals(ZCommandMessage, changed(control, ["set", "fanSpeed"], "middleLow"))).toEqual(["set.fanSpeed"]);
    expect(refusals(ZCommandMessage, changed(control, ["set", "fanSpeed"], "midLow"))).toEqual([]);
  });

  it("takes louver positions 1 to 4 only", () => {
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "louver"], 4))).toEqual([]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "louver"], 0))).toEqual(["indoor.0.louver"]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "louver"], 5))).toEqual(["indoor.0.louver"]);
    expect(refusals(ZUnitSettings, { louver: 0 })).toEqual(["louver"]);
    expect(refusals(ZUnitSettings, { louver: 5 })).toEqual(["louver"]);
  });

  it("takes set temperatures from 16 to 32 °C in half degrees", () => {
    for (const ok of [16, 16.5, 24.5, 32]) {
      expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "setTempC"], ok))).toEqual([]);
      expect(refusals(ZUnitSettings, { setTempC: ok })).toEqual([]);
    }
    for (const bad of [15.5, 32.5, 24.3]) {
      expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "setTempC"], bad))).toEqual([
        "indoor.0.setTempC",
      ]);
      expect(refusals(ZUnitSettings, { setTempC: bad })).toEqual(["setTempC"]);
    }
  });

  it("takes a combined value as exactly two numbers", () => {
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "eevPulses"], [480]))).toEqual([
      "outdoor.0.eevPulses",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "eevPulses"], [480, 120, 0]))).toEqual([
      "outdoor.0.eevPulses",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "eevPulses"], "480,120"))).toEqual([
      "outdoor.0.eevPulses",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "pipeTempsC", 1], 121))).toEqual([
      "indoor.0.pipeTempsC.1",
    ]);
  });

  it("refuses a reading outside what a sensor can report", () => {
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "compressorHz"], 300.5))).toEqual([
      "outdoor.0.compressorHz",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "highPressureMpa"], -0.2))).toEqual([
      "outdoor.0.highPressureMpa",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["outdoor", 0, "runningHours"], 1.5))).toEqual([
      "outdoor.0.runningHours",
    ]);
    expect(refusals(ZTelemetryMessage, changed(telemetry, ["indoor", 0, "roomTempC"], 60.1))).toEqual([
      "indoor.0.roomTempC",
    ]);
  });

  it("refuses settings that set nothing", () => {
    expect(refusals(ZUnitSettings, {})).toEqual(["(root)"]);
    expect(refusals(ZUnitSettings, { powerOn: false })).toEqual([]);
    expect(refusals(ZUnitSettings, { powerOn: true, speed: "high" })).toEqual(["speed (unknown)"]);
    expect(refusals(ZCommandMessage, changed(example("control"), ["set"], {}))).toEqual(["set"]);
  });
});

describe("status, fault, progress, capture and ota messages", () => {
  it("takes the checker states the device reports, not offline", () => {
    const status = example("status");
    for (const state of ["grabbing", "collecting", "standby", "online", "other"]) {
      expect(refusals(ZStatusMessage, changed(status, ["state"], state))).toEqual([]);
    }
    expect(refusals(ZStatusMessage, changed(status, ["state"], "offline"))).toEqual(["state"]);
    expect(refusals(ZStatusMessage, changed(status, ["taskId"], null))).toEqual([]);
    expect(refusals(ZStatusMessage, changed(status, ["taskId"], "task-1"))).toEqual(["taskId"]);
    expect(refusals(ZStatusMessage, changed(status, ["storageUsedKb"], 1.5))).toEqual(["storageUsedKb"]);
  });

  it("takes fault codes of 1 to 8 letters, digits and hyphens", () => {
    const fault = example("faultRaised");
    expect(refusals(ZFaultMessage, changed(fault, ["code"], "E-0001AB"))).toEqual([]);
    expect(refusals(ZFaultMessage, changed(fault, ["code"], "E-0001ABC"))).toEqual(["code"]);
    expect(refusals(ZFaultMessage, changed(fault, ["code"], ""))).toEqual(["code"]);
    expect(refusals(ZFaultMessage, changed(fault, ["code"], "E 01"))).toEqual(["code"]);
    expect(refusals(ZFaultMessage, changed(fault, ["event"], "repaired"))).toEqual(["event"]);
  });

  it("takes texts without control characters, within their lengths", () => {
    const online = example("online");
    const ack = example("ackFailed") as { cmdId: string };
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.online, changed(online, ["firmware"], "x".repeat(32)))).toEqual([]);
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.ack, changed(ack, ["reason"], "bus busy: unit 2 (北京)"))).toEqual([]);
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.ack, changed(ack, ["reason"], "x".repeat(200)))).toEqual([]);
    // NUL makes PostgreSQL refuse the batch; the other controls break logs and exports.
    for (const bad of ["2.4\u0000", "2.4\t1", "2.4\n", "\u007f"]) {
      expect(refusals(DEVICE_MESSAGE_SCHEMAS.online, changed(online, ["firmware"], bad))).toEqual(["firmware"]);
      expect(refusals(DEVICE_MESSAGE_SCHEMAS.ack, changed(ack, ["reason"], `failed${bad}`))).toEqual(["reason"]);
    }
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.online, changed(online, ["firmware"], "x".repeat(33)))).toEqual([
      "firmware",
    ]);
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.ack, changed(ack, ["reason"], "x".repeat(201)))).toEqual(["reason"]);
    expect(refusals(DEVICE_MESSAGE_SCHEMAS.ack, changed(ack, ["cmdId"], `${ack.cmdId}\u0000`))).toEqual(["cmdId"]);
  });

  it("takes exactly the firmware-connection steps", () => {
    const progress = example("progress");
    expect([...PROGRESS_STEPS]).toEqual([5, 10, 15, 20, 25, 30, 35, 40, 45, 50, 55, 60, 65, 70, 75, 80, 90, 100]);
    for (const step of PROGRESS_STEPS)
      expect(refusals(ZProgressMessage, changed(progress, ["step"], step))).toEqual([]);
    for (const step of [0, 7, 85, 95, 101, 50.5, "50"]) {
      expect(refusals(ZProgressMessage, changed(progress, ["step"], step))).toEqual(["step"]);
    }
  });

  it("takes frames as lower-case hex of whole bytes, 1 to 200 of them", () => {
    const capture = example("capture");
    const frame = (hex: string) => changed(capture, ["frames", 0, "hex"], hex);
    expect(refusals(ZCaptureMessage, frame("ab".repeat(256)))).toEqual([]);
    expect(refusals(ZCaptureMessage, frame("aa011"))).toEqual(["frames.0.hex"]);
    expect(refusals(ZCaptureMessage, frame("AA0110"))).toEqual(["frames.0.hex"]);
    expect(refusals(ZCaptureMessage, frame("aa 01"))).toEqual(["frames.0.hex"]);
    expect(refusals(ZCaptureMessage, frame(""))).toEqual(["frames.0.hex"]);
    expect(refusals(ZCaptureMessage, frame("ab".repeat(257)))).toEqual(["frames.0.hex"]);
    expect(refusals(ZCaptureMessage, changed(capture, ["frames", 0, "at"], -1))).toEqual(["frames.0.at"]);
    expect(refusals(ZCaptureMessage, changed(capture, ["frames", 0, "at"], 0))).toEqual([]);
    expect(refusals(ZCaptureMessage, changed(capture, ["frames", 0, "at"], DEVICE_TIME_RANGE.max))).toEqual([]);
    // Past 2100, and past what a JavaScript date holds (year 275760): no frame time the portal could store.
    for (const at of [DEVICE_TIME_RANGE.max + 1, 8.64e15 + 1, Number.MAX_SAFE_INTEGER]) {
      expect(refusals(ZCaptureMessage, changed(capture, ["frames", 0, "at"], at))).toEqual(["frames.0.at"]);
    }
    expect(refusals(ZCaptureMessage, changed(capture, ["frames", 0, "crc"], "ok"))).toEqual(["frames.0.crc (unknown)"]);

    const frames = (n: number) => changed(capture, ["frames"], Array(n).fill({ at: 1767254401010, hex: "aa01" }));
    expect(refusals(ZCaptureMessage, frames(200))).toEqual([]);
    expect(refusals(ZCaptureMessage, frames(201))).toEqual(["frames"]);
    expect(refusals(ZCaptureMessage, frames(0))).toEqual(["frames"]);
  });

  it("takes an update's stages, a whole percent from 0 to 100 and the four failures", () => {
    const ota = example("otaDownloading");
    for (const stage of ["downloading", "installing", "done", "failed"]) {
      expect(refusals(ZOtaMessage, changed(ota, ["stage"], stage))).toEqual([]);
    }
    for (const stage of ["pending", "installed", "Downloading", ""]) {
      expect(refusals(ZOtaMessage, changed(ota, ["stage"], stage))).toEqual(["stage"]);
    }
    expect(refusals(ZOtaMessage, changed(ota, ["percent"], 0))).toEqual([]);
    expect(refusals(ZOtaMessage, changed(ota, ["percent"], 100))).toEqual([]);
    for (const percent of [-1, 101, 40.5, "40"]) {
      expect(refusals(ZOtaMessage, changed(ota, ["percent"], percent))).toEqual(["percent"]);
    }
    expect(refusals(ZOtaMessage, changed(ota, ["percent"], REMOVE))).toEqual(["percent"]);

    const failed = example("otaFailed");
    for (const failure of ["download", "checksum", "size", "install"]) {
      expect(refusals(ZOtaMessage, changed(failed, ["failure"], failure))).toEqual([]);
    }
    for (const failure of ["timedOut", "rejected", "hash", ""]) {
      expect(refusals(ZOtaMessage, changed(failed, ["failure"], failure))).toEqual(["failure"]);
    }
  });

  it("names the update's rollout by its UUID", () => {
    const ota = example("otaDownloading");
    expect(refusals(ZOtaMessage, changed(ota, ["rolloutId"], REMOVE))).toEqual(["rolloutId"]);
    expect(refusals(ZOtaMessage, changed(ota, ["rolloutId"], "rollout-1"))).toEqual(["rolloutId"]);
    expect(refusals(ZOtaMessage, changed(ota, ["rolloutId"], null))).toEqual(["rolloutId"]);
  });
});

describe("commands", () => {
  it("refuses an unknown type, another version or an unknown field", () => {
    for (const name of COMMAND_EXAMPLES) {
      const command = example(name);
      expect(refusals(ZCommandMessage, changed(command, ["v"], 2))).toEqual(["v"]);
      expect(refusals(ZCommandMessage, changed(command, ["extra"], true))).toEqual(["extra (unknown)"]);
      expect(refusals(ZCommandMessage, changed(command, ["cmdId"], "42"))).toEqual(["cmdId"]);
      expect(refusals(ZCommandMessage, changed(command, ["expiresAt"], REMOVE))).toEqual(["expiresAt"]);
    }
    expect(refusals(ZCommandMessage, changed(example("control"), ["type"], "reboot"))).toEqual(["type"]);
  });

  it("addresses a whole system or one to 64 of its indoor units", () => {
    const control = example("control");
    expect(refusals(ZCommandMessage, changed(control, ["target", "indoor"], REMOVE))).toEqual([]);
    expect(refusals(ZCommandMessage, changed(control, ["target", "indoor"], []))).toEqual(["target.indoor"]);
    expect(refusals(ZCommandMessage, changed(control, ["target", "outdoor"], 0))).toEqual(["target.outdoor (unknown)"]);
  });

  it("refuses settings out of range", () => {
    const control = example("control");
    expect(refusals(ZCommandMessage, changed(control, ["set", "setTempC"], 24.3))).toEqual(["set.setTempC"]);
    expect(refusals(ZCommandMessage, changed(control, ["set", "louver"], 5))).toEqual(["set.louver"]);
  });

  it("takes task intervals from 1 s to a day and the two task kinds", () => {
    const start = example("taskStart");
    expect(refusals(ZCommandMessage, changed(start, ["intervalS"], 86_400))).toEqual([]);
    expect(refusals(ZCommandMessage, changed(start, ["intervalS"], 0))).toEqual(["intervalS"]);
    expect(refusals(ZCommandMessage, changed(start, ["intervalS"], 86_401))).toEqual(["intervalS"]);
    expect(refusals(ZCommandMessage, changed(start, ["kind"], "collection"))).toEqual([]);
    expect(refusals(ZCommandMessage, changed(start, ["kind"], "grabbing"))).toEqual(["kind"]);
  });

  it("takes an OTA package by URL, with its rollout, size and lower-case hex SHA-256", () => {
    const ota = example("ota");
    expect(refusals(ZCommandMessage, changed(ota, ["url"], "firmware.bin"))).toEqual(["url"]);
    expect(refusals(ZCommandMessage, changed(ota, ["url"], `https://portal.example.com/${"a".repeat(500)}`))).toEqual([
      "url",
    ]);
    expect(refusals(ZCommandMessage, changed(ota, ["version"], ""))).toEqual(["version"]);
    expect(refusals(ZCommandMessage, changed(ota, ["rolloutId"], REMOVE))).toEqual(["rolloutId"]);
    expect(refusals(ZCommandMessage, changed(ota, ["rolloutId"], "rollout-1"))).toEqual(["rolloutId"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sizeBytes"], 1))).toEqual([]);
    expect(refusals(ZCommandMessage, changed(ota, ["sizeBytes"], 0))).toEqual(["sizeBytes"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sizeBytes"], 1.5))).toEqual(["sizeBytes"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sizeBytes"], REMOVE))).toEqual(["sizeBytes"]);
    const sha256 = (example("ota") as { sha256: string }).sha256;
    expect(refusals(ZCommandMessage, changed(ota, ["sha256"], sha256.toUpperCase()))).toEqual(["sha256"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sha256"], sha256.slice(1)))).toEqual(["sha256"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sha256"], `${sha256}0`))).toEqual(["sha256"]);
    expect(refusals(ZCommandMessage, changed(ota, ["sha256"], REMOVE))).toEqual(["sha256"]);
  });
});

describe("device topics", () => {
  it("reads vrf/{deviceId}/{topic} for every device topic", () => {
    for (const topic of DEVICE_TOPICS) {
      expect(parseDeviceTopic(`vrf/HC2026100123/${topic}`)).toEqual({ deviceId: "HC2026100123", topic });
      expect(parseDeviceTopic(deviceTopic("hc_2026-01", topic))).toEqual({ deviceId: "hc_2026-01", topic });
    }
    expect(parseDeviceTopic(`vrf/${"A".repeat(64)}/status`)).toEqual({ deviceId: "A".repeat(64), topic: "status" });
  });

  it("refuses another root", () => {
    for (const topic of ["vrx/HC1/status", "VRF/HC1/status", "/vrf/HC1/status", "HC1/status", ""]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
  });

  it("refuses wildcards and device ids that are not serial numbers", () => {
    for (const topic of ["vrf/+/status", "vrf/#", "vrf/HC1/#", "vrf/HC1/+", "vrf//status", "vrf/HC 1/status"]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
    expect(parseDeviceTopic(`vrf/${"A".repeat(65)}/status`)).toBeNull();
  });

  it("refuses extra levels", () => {
    for (const topic of ["vrf/HC1/status/extra", "vrf/HC1/status/", "vrf/HC1/a/status"]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
  });

  it("refuses unknown topic names, and cmd, which the device does not publish", () => {
    for (const topic of ["vrf/HC1/state", "vrf/HC1/Status", "vrf/HC1/", "vrf/HC1/cmd"]) {
      expect(parseDeviceTopic(topic)).toBeNull();
    }
  });
});

describe("firmware-connection stages", () => {
  it("puts each step in its stage, at the boundaries too", () => {
    expect(stageOfStep(5)).toBe("handshake");
    expect(stageOfStep(20)).toBe("handshake");
    expect(stageOfStep(25)).toBe("systemInfo");
    expect(stageOfStep(40)).toBe("systemInfo");
    expect(stageOfStep(45)).toBe("outdoorInfo");
    expect(stageOfStep(60)).toBe("outdoorInfo");
    expect(stageOfStep(65)).toBe("indoorInfo");
    expect(stageOfStep(80)).toBe("indoorInfo");
    expect(stageOfStep(90)).toBe("indoorInfo");
    expect(stageOfStep(100)).toBe("normalControl");
  });

  it("reaches every stage in order", () => {
    const stages = PROGRESS_STEPS.map(stageOfStep);
    expect([...new Set(stages)]).toEqual([...PROGRESS_STAGES]);
  });
});

describe("a receipt", () => {
  const receipt = { v: 1, type: "receipt", seqs: [1, 2] };
  it("names at least one seq and at most RECEIPT_MAX_SEQS, each a seq a device may send", () => {
    expect(ZReceiptMessage.safeParse(receipt).success).toBe(true);
    expect(ZReceiptMessage.safeParse({ ...receipt, seqs: [] }).success).toBe(false);
    expect(ZReceiptMessage.safeParse({ ...receipt, seqs: Array.from({ length: 501 }, (_, k) => k) }).success).toBe(
      false,
    );
    expect(ZReceiptMessage.safeParse({ ...receipt, seqs: [1.5] }).success).toBe(false);
    expect(ZReceiptMessage.safeParse({ ...receipt, seqs: [-1] }).success).toBe(false);
    expect(ZReceiptMessage.safeParse({ ...receipt, cmdId: "x" }).success).toBe(false);
  });
});
