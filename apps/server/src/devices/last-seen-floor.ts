/** Last seen is kept to this precision: a device reporting every few seconds does not rewrite its row each time. */
export const LAST_SEEN_STEP_MS = 30_000;

/**
 * Where a device's steps start within the step: a hash of its id (the same on every instance and
 * in every run). With one grid for all, a fleet that came online together (a restart of the
 * portal, a site powering up, the benchmark) rewrote every row of `devices` in the same second,
 * every 30 s, and those batches took several times as long as the rest; spread this way a second
 * holds a thirtieth of them.
 */
export const lastSeenPhase = (deviceId: number, stepMs: number): number =>
  (Math.imul(deviceId, 0x9e3779b1) >>> 0) % stepMs;

/**
 * The start of the device's step that `seenMs` falls in. Its row is rewritten when its last seen
 * is older than that: once per step, however often it reports, and never more than a step behind.
 */
export const lastSeenDue = (deviceId: number, seenMs: number, stepMs = LAST_SEEN_STEP_MS): number =>
  seenMs - ((seenMs + lastSeenPhase(deviceId, stepMs)) % stepMs);

/**
 * What this instance knows each device's `last_seen_at` to be at least.
 *
 * A device that reports every few seconds moves last seen once in many reports; the rest only
 * asked the database to confirm that nothing changes, one row each in the batch's device
 * statement. The column only ever grows (every write takes the greater value), so a value this
 * instance wrote stays a floor under it, whatever other instances write: a report whose step the
 * floor already reached can be left out.
 */
export const createLastSeenFloor = (options: { stepMs: number; now?: () => number }) => {
  const now = options.now ?? Date.now;
  const floors = new Map<number, number>();
  let sweptAt = now();

  return {
    /** True when the row already holds a last seen in the step of `seen` (lastSeenDue). */
    covers(deviceId: number, seen: Date): boolean {
      const floor = floors.get(deviceId);
      return floor !== undefined && floor >= lastSeenDue(deviceId, seen.getTime(), options.stepMs);
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
