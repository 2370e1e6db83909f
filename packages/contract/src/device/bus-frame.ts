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
