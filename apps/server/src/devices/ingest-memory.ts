import { LAST_SEEN_STEP_MS } from "./ingest.repository.ts";
import { createLastSeenFloor, type LastSeenFloor } from "./last-seen-floor.ts";
import { createUnitStateMemory, type UnitStateMemory } from "./unit-state-memory.ts";

/** What a writer remembers between its batches (one per writer, so per instance). */
export interface IngestMemory {
  units: UnitStateMemory;
  lastSeen: LastSeenFloor;
  /** Devices whose seq window exists (seen-messages.repository). */
  windows: Set<number>;
}

export const createIngestMemory = (): IngestMemory => ({
  units: createUnitStateMemory(),
  lastSeen: createLastSeenFloor({ stepMs: LAST_SEEN_STEP_MS }),
  windows: new Set(),
});
