import { createLastSeenFloor, LAST_SEEN_STEP_MS, type LastSeenFloor } from "./last-seen-floor.ts";
import type { KeptWindow } from "./seen-messages.repository.ts";
import { createUnitStateMemory, type UnitStateMemory } from "./unit-state-memory.ts";

/** What a writer remembers between its batches (one per writer, so per instance). */
export interface IngestMemory {
  units: UnitStateMemory;
  lastSeen: LastSeenFloor;
  /** The seq windows this writer committed, with their versions (seen-messages.repository). */
  windows: Map<number, KeptWindow>;
}

export const createIngestMemory = (): IngestMemory => ({
  units: createUnitStateMemory(),
  lastSeen: createLastSeenFloor({ stepMs: LAST_SEEN_STEP_MS }),
  windows: new Map(),
});
