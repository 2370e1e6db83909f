import { deviceTopic, PROTOCOL_VERSION, type TDeviceTopic } from "@vrf/contract/device/protocol.ts";
import mqtt, { type MqttClient } from "mqtt";

/**
 * A hand-driven device for tests: every message is written out by the test, so each case says
 * exactly what went over the wire. (The simulator drives the demo and the benchmark.)
 */
export async function connectDevice(options: {
  port: number;
  deviceId: string;
  password: string;
  username?: string;
  /** Seq of the last will; the test reserves it. */
  willSeq?: number;
}): Promise<{
  client: MqttClient;
  publish(topic: TDeviceTopic, body: Record<string, unknown>, seq: number): Promise<void>;
  commands: unknown[];
}> {
  const client = await mqtt.connectAsync(`mqtt://127.0.0.1:${options.port}`, {
    clientId: options.deviceId,
    username: options.username ?? options.deviceId,
    password: options.password,
    reconnectPeriod: 0,
    will: {
      topic: deviceTopic(options.deviceId, "online"),
      payload: Buffer.from(
        JSON.stringify({ v: PROTOCOL_VERSION, seq: options.willSeq ?? 1, ts: Date.now(), online: false }),
      ),
      qos: 1,
      retain: true,
    },
  });
  const commands: unknown[] = [];
  // Receipts arrive on the same topic but are not commands (docs/device-protocol.md section 7.5).
  client.on("message", (_topic, payload) => {
    const message = JSON.parse(payload.toString()) as { type?: unknown };
    if (message.type !== "receipt") commands.push(message);
  });
  await client.subscribeAsync(deviceTopic(options.deviceId, "cmd"), { qos: 1 });
  return {
    client,
    commands,
    async publish(topic, body, seq) {
      await client.publishAsync(
        deviceTopic(options.deviceId, topic),
        JSON.stringify({ v: PROTOCOL_VERSION, seq, ts: Date.now(), ...body }),
        { qos: 1, retain: topic === "online" },
      );
    },
  };
}

/** Ends a connection the way a power cut does: no DISCONNECT, so the broker sends the last will. */
export const cutConnection = (client: MqttClient) => {
  client.stream.destroy();
  client.end(true);
};

export const indoorSnapshot = (address: number, over: Record<string, unknown> = {}) => ({
  address,
  status: "TH ON",
  powerOn: true,
  mode: "cooling",
  fanSpeed: "mid",
  louver: 2,
  setTempC: 26,
  roomTempC: 27.5,
  eevPulses: 320,
  pipeTempsC: [8.5, 12],
  ...over,
});

export const outdoorSnapshot = (address: number, over: Record<string, unknown> = {}) => ({
  address,
  status: "TH ON",
  compressorHz: 62,
  highPressureMpa: 2.8,
  lowPressureMpa: 0.9,
  dischargeTempC: 78,
  suctionTempC: 9,
  outdoorAirTempC: 31,
  fanRpm: 640,
  eevPulses: [480, 120],
  currentA: 14.2,
  runningHours: 1200,
  ...over,
});
