/**
 * A frame of the VRF system's bus as a checker grabs it (docs/device-protocol.md section 5.6):
 * start byte 0xAA, source address, destination address, command, payload length, payload, and an
 * XOR of every byte before it. Frames that do not have this shape (noise, another bus's traffic)
 * are kept as raw bytes with no addresses.
 */
export const BUS_FRAME_START = 0xaa;
/** Start, source, destination, command, length: the bytes before the payload. */
const HEADER_BYTES = 5;

export interface TBusFrameHeader {
  source: number;
  destination: number;
  command: number;
  /** Whether the last byte is the XOR of the others. */
  checksumOk: boolean;
}

/** The header of a well-formed frame, or null. */
export const readBusFrame = (bytes: Uint8Array): TBusFrameHeader | null => {
  if (bytes.length < HEADER_BYTES + 1 || bytes[0] !== BUS_FRAME_START) return null;
  const length = bytes[4] as number;
  if (bytes.length !== HEADER_BYTES + length + 1) return null;
  let xor = 0;
  for (let i = 0; i < bytes.length - 1; i++) xor ^= bytes[i] as number;
  return {
    source: bytes[1] as number,
    destination: bytes[2] as number,
    command: bytes[3] as number,
    checksumOk: xor === bytes[bytes.length - 1],
  };
};

/** Lower-case hex without separators, as the `capture` topic carries frames. */
export const hexToBytes = (hex: string): Uint8Array => {
  const bytes = new Uint8Array(hex.length / 2);
  for (let i = 0; i < bytes.length; i++) bytes[i] = Number.parseInt(hex.slice(i * 2, i * 2 + 2), 16);
  return bytes;
};

/**
 * Who an address on the bus is: outdoor units 0x00-0x07 (outdoor 0-7), indoor units 0x20-0x5F
 * (indoor 0-63), central controllers and service tools 0x70-0x7F; anything else is unassigned.
 */
export type TBusParty =
  | { role: "outdoor"; unit: number }
  | { role: "indoor"; unit: number }
  | { role: "controller" }
  | { role: "unassigned" };

export const busParty = (address: number): TBusParty => {
  if (address >= 0x00 && address <= 0x07) return { role: "outdoor", unit: address };
  if (address >= 0x20 && address <= 0x5f) return { role: "indoor", unit: address - 0x20 };
  if (address >= 0x70 && address <= 0x7f) return { role: "controller" };
  return { role: "unassigned" };
};

/** The bus commands a checker decodes, by code; the web's texts are keyed by these names. */
export const BUS_COMMANDS: Readonly<Record<number, string>> = {
  1: "poll",
  2: "pollReply",
  16: "indoorStatus",
  17: "indoorStatusReply",
  32: "outdoorStatus",
  33: "outdoorStatusReply",
  48: "control",
  49: "controlReply",
  64: "faultReport",
  80: "addressing",
};
