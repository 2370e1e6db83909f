// The messages of a benchmark device: valid per the contract (packages/contract/src/device/), built
// from a few prepared unit snapshots per device so that making one costs a string concatenation.
import { deviceTopic, PROTOCOL_VERSION } from "@vrf/contract/device/protocol.ts";
import type { TIndoorSnapshot, TOutdoorSnapshot } from "@vrf/contract/device/units.ts";
import { FAULT_CODES } from "../apps/server/src/db/seed/fault-codes.ts";
import type { BenchDevice } from "./ingest-ipc.ts";

/** Variants of each device's unit snapshots, taken in turn. */
const VARIANTS = 4;
const CODES = FAULT_CODES.map((c) => c.code).filter((code) => /^[A-Za-z0-9-]{1,8}$/.test(code));

const round1 = (x: number) => Math.round(x * 10) / 10;

const outdoorSnapshot = (variant: number, i: number): TOutdoorSnapshot => ({
  address: 0,
  status: "TH ON",
  compressorHz: 40 + ((i * 7 + variant * 11) % 60),
  highPressureMpa: round1(2.4 + variant * 0.1),
  lowPressureMpa: round1(0.8 + variant * 0.05),
  dischargeTempC: 70 + variant,
  suctionTempC: 8 + variant,
  outdoorAirTempC: 18 + (i % 10),
  fanRpm: 600 + variant * 40,
  eevPulses: [480 - variant * 10, 120 + variant * 5],
  currentA: round1(12 + variant * 0.7),
  runningHours: 10_000 + (i % 5_000),
});

const indoorSnapshot = (variant: number, i: number, address: number, withSupports: boolean): TIndoorSnapshot => ({
  address,
  status: address === 0 && variant === 3 ? "TH OFF" : "TH ON",
  powerOn: true,
  mode: "cooling",
  // Settings change when someone changes them, not with every report; the thermostat's on and
  // off (the status word above) is what changes on its own.
  fanSpeed: (["high", "mid", "low", "auto"] as const)[address % 4] ?? "auto",
  louver: (1 + (address % 4)) as 1 | 2 | 3 | 4,
  setTempC: 22 + (address % 4) * 0.5,
  roomTempC: round1(23 + ((i + address + variant) % 30) / 10),
  eevPulses: 200 + variant * 15 + address,
  pipeTempsC: [round1(8 + variant * 0.5), round1(12 + variant * 0.5)],
  ...(withSupports
    ? {
        supports: {
          modes: ["cooling", "heating", "fan", "dry", "auto"],
          fanSpeeds: ["high", "mid", "low", "auto"],
          louver: true,
        },
      }
    : {}),
});

/** `"system":0,"outdoor":[…],"indoor":[…]`: a telemetry message without its header and braces. */
const telemetryBody = (device: BenchDevice, i: number, variant: number, withSupports: boolean) => {
  const indoor = Array.from({ length: device.indoor }, (_, address) =>
    indoorSnapshot(variant, i, address, withSupports),
  );
  return JSON.stringify({ system: 0, outdoor: [outdoorSnapshot(variant, i)], indoor }).slice(1, -1);
};

export interface BenchMessage {
  topic: string;
  payload: string;
  kind: string;
}

/**
 * Device `i`'s messages by seq: mostly telemetry (one system: an outdoor unit and 4-8 indoor units,
 * `supports` in the first snapshot); every 20th a status report, every 50th a fault, raised and then
 * cleared on the same unit.
 */
export const createMessageSource = (device: BenchDevice, i: number) => {
  const telemetry = Array.from({ length: VARIANTS }, (_, v) => telemetryBody(device, i, v, false));
  const first = telemetryBody(device, i, 0, true);
  let sentTelemetry = false;
  let openFault: { code: string; indoorAddress: number } | null = null;
  return (seq: number, ts: number): BenchMessage => {
    const head = `{"v":${PROTOCOL_VERSION},"seq":${seq},"ts":${ts},`;
    if (seq % 20 === 10) {
      return { topic: deviceTopic(device.serial, "status"), payload: `${head}"state":"online"}`, kind: "status" };
    }
    if (seq % 50 === 25) {
      const fault = openFault ?? {
        code: CODES[seq % CODES.length] ?? "E01",
        indoorAddress: Math.floor(seq / 50) % device.indoor,
      };
      const event = openFault ? "cleared" : "raised";
      openFault = openFault ? null : fault;
      return {
        topic: deviceTopic(device.serial, "fault"),
        payload: `${head}"event":"${event}","code":"${fault.code}","system":0,"indoorAddress":${fault.indoorAddress}}`,
        kind: `fault ${event}`,
      };
    }
    const body = sentTelemetry ? (telemetry[seq % VARIANTS] as string) : first;
    sentTelemetry = true;
    return { topic: deviceTopic(device.serial, "telemetry"), payload: `${head}${body}}`, kind: "telemetry" };
  };
};
