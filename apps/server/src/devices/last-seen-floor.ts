/**
 * What this instance knows each device's `last_seen_at` to be at least.
 *
 * Last seen is kept to 30 s (LAST_SEEN_STEP in ingest.repository.ts), so a device that reports
 * every few seconds moves it once in many reports; the rest only asked the database to confirm
 * that nothing changes, one row each in the batch's device statement. The column only ever grows
 * (every write takes the greater value), so a value this instance wrote stays a floor under it,
 * whatever other instances write: a report seen within the step of the floor can be left out.
 */
export const createLastSeenFloor = (options: { stepMs: number; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const floors = new Map<number, number>();
  let sweptAt = now();

  return {
    /** True when the row already holds a last seen within the step of `seen`. */
    covers(deviceId: number, seen: Date): boolean {
      const floor = floors.get(deviceId);
      return floor !== undefined && seen.getTime() - options.stepMs <= floor;
    },

    /** The device's row now holds `lastSeen` (or later). */
    raise(deviceId: number, lastSeen: Date): void {
      const at = lastSeen.getTime();
      if ((floors.get(deviceId) ?? Number.NEGATIVE_INFINITY) < at) floors.set(deviceId, at);
      // A floor older than the step covers no new report: dropped, so the map holds only devices reporting now.
      const time = now();
      if (time - sweptAt < options.stepMs) return;
      sweptAt = time;
      for (const [id, floor] of floors) if (time - floor > 2 * options.stepMs) floors.delete(id);
    },

    size: () => floors.size,
  };
};

export type LastSeenFloor = ReturnType<typeof createLastSeenFloor>;
