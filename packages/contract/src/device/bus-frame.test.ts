import { describe, expect, it } from "vitest";
import { hexToBytes, readBusFrame } from "./bus-frame.ts";

const frame = (bytes: number[]) => [...bytes, bytes.reduce((x, b) => x ^ b, 0)];

describe("bus frames", () => {
  it("reads the addresses and command of a well-formed frame", () => {
    const bytes = Uint8Array.from(frame([0xaa, 0x01, 0x22, 0x10, 2, 0x55, 0x66]));
    expect(readBusFrame(bytes)).toEqual({ source: 1, destination: 0x22, command: 0x10, checksumOk: true });
  });

  it("says when the checksum is wrong", () => {
    const good = frame([0xaa, 0x01, 0x02, 0x10, 1, 0x55]);
    const bytes = Uint8Array.from([...good.slice(0, -1), (good.at(-1) ?? 0) ^ 0xff]);
    expect(readBusFrame(bytes)?.checksumOk).toBe(false);
  });

  it("keeps no header for noise: another start byte, a length that does not match, too short", () => {
    expect(readBusFrame(Uint8Array.from(frame([0xab, 1, 2, 3, 0])))).toBeNull();
    expect(readBusFrame(Uint8Array.from(frame([0xaa, 1, 2, 3, 5, 9])))).toBeNull();
    expect(readBusFrame(Uint8Array.from([0xaa, 1]))).toBeNull();
  });

  it("turns the capture topic's hex into bytes", () => {
    expect([...hexToBytes("aa00ff10")]).toEqual([0xaa, 0, 0xff, 0x10]);
  });
});

describe("bus parties", () => {
  it("names outdoor, indoor and controller addresses", async () => {
    const { busParty } = await import("./bus-frame.ts");
    expect(busParty(0x03)).toEqual({ role: "outdoor", unit: 3 });
    expect(busParty(0x20)).toEqual({ role: "indoor", unit: 0 });
    expect(busParty(0x5f)).toEqual({ role: "indoor", unit: 63 });
    expect(busParty(0x7a)).toEqual({ role: "controller" });
    expect(busParty(0x10)).toEqual({ role: "unassigned" });
  });
});
