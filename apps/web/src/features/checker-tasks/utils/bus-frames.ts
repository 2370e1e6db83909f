import { BUS_COMMANDS, busParty } from "@vrf/contract/device/bus-frame.ts";
import { ZFrameFilter } from "@vrf/contract/hi-checker/task-data.ts";
import { formatDateTime, toMillis } from "@vrf/contract/time.ts";

/**
 * How the message report shows a bus frame (docs/device-protocol.md section 5.6): its bytes in
 * groups, the parties by role and address, the command by its name, the time to the millisecond.
 */

/** A byte as the report writes it: "0x25", "0x7F". */
export const hexByte = (value: number): string => `0x${value.toString(16).toUpperCase().padStart(2, "0")}`;

/** A frame's lower-case hex as upper-case bytes: "aa0120" -> ["AA", "01", "20"]. */
export const frameBytes = (hex: string): string[] => {
  const bytes: string[] = [];
  for (let i = 0; i + 1 < hex.length; i += 2) bytes.push(hex.slice(i, i + 2).toUpperCase());
  return bytes;
};

/** "aa0120" -> "AA 01 20". */
export const groupedHex = (hex: string): string => frameBytes(hex).join(" ");

/** A byte search as the server takes it: spaces gone, lower case ("AA 01" -> "aa01"). */
export const normalisePattern = (text: string): string => text.replace(/\s+/g, "").toLowerCase();

/**
 * Why a typed byte search cannot be sent: the contract's message key (`hexPattern`: not whole
 * hex bytes, or more than FRAME_PATTERN_MAX_BYTES; `controlCharacters`), or null when it can
 * (an empty search is no search).
 */
export const patternProblem = (text: string): string | null => {
  const result = ZFrameFilter.shape.pattern.safeParse(text);
  return result.success ? null : (result.error.issues[0]?.message ?? "hexPattern");
};

/**
 * Which bytes of a frame belong to an occurrence of the pattern (both lower-case hex, whole
 * bytes), as the server finds them: anywhere, on byte boundaries, occurrences may overlap.
 */
export const matchedBytes = (hex: string, pattern: string): boolean[] => {
  const bytes = frameBytes(hex);
  const wanted = frameBytes(pattern);
  const marks = bytes.map(() => false);
  if (wanted.length === 0) return marks;
  for (let start = 0; start + wanted.length <= bytes.length; start++) {
    if (wanted.every((byte, i) => bytes[start + i] === byte)) {
      for (let i = 0; i < wanted.length; i++) marks[start + i] = true;
    }
  }
  return marks;
};

/** A frame's bytes in runs, each inside or outside a match of the search: what the hex cell renders. */
export const byteRuns = (hex: string, pattern: string): { text: string; match: boolean }[] => {
  const bytes = frameBytes(hex);
  const marks = matchedBytes(hex, pattern);
  const runs: { text: string; match: boolean }[] = [];
  bytes.forEach((byte, i) => {
    const match = marks[i] === true;
    const last = runs[runs.length - 1];
    if (last && last.match === match) last.text += ` ${byte}`;
    else runs.push({ text: byte, match });
  });
  return runs;
};

export type PartyKey = "outdoor" | "indoor" | "controller" | "unassigned";

/** Who an address is, for the texts: "Indoor 5 (0x25)" is `{ key: "indoor", unit: 5, hex: "0x25" }`. */
export const partyOf = (address: number): { key: PartyKey; unit: number | null; hex: string } => {
  const party = busParty(address);
  const unit = party.role === "outdoor" || party.role === "indoor" ? party.unit : null;
  return { key: party.role, unit, hex: hexByte(address) };
};

/** A unit's address on the bus: outdoor units from 0x00, indoor units from 0x20. */
export const busAddressOf = (side: "outdoor" | "indoor", address: number): number =>
  side === "outdoor" ? address : 0x20 + address;

/** The first central controller's address, offered in the unit filter beside the units. */
export const CONTROLLER_ADDRESS = 0x70;

/** An address typed in hex ("25", "0x25", "7f"), or null. */
export const parseBusAddress = (text: string): number | null => {
  const match = /^(?:0x)?([0-9a-f]{1,2})$/i.exec(text.trim());
  return match ? Number.parseInt(match[1] as string, 16) : null;
};

/** The commands the portal names, in code order. */
export const BUS_COMMAND_CODES: readonly number[] = Object.keys(BUS_COMMANDS)
  .map(Number)
  .sort((a, b) => a - b);

/** A command's name for its text (BUS_COMMANDS), "unknown" for a code the portal does not name. */
export const commandNameOf = (code: number): string => BUS_COMMANDS[code] ?? "unknown";

/** A frame's time in the viewer's local time, to the millisecond: "2026-03-01 08:00:00.125". */
export const formatFrameTime = (value: string): string => {
  const ms = toMillis(value);
  if (Number.isNaN(ms)) return "";
  return `${formatDateTime(ms)}.${String(((ms % 1000) + 1000) % 1000).padStart(3, "0")}`;
};
