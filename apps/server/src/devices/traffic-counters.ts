/** Why a device message was not written. */
export const DROP_REASONS = [
  "badTopic",
  "tooLarge",
  "badJson",
  "badSchema",
  "unknownDevice",
  "flood",
  "duplicate",
  "capacityFull",
  "unknownTask",
  "deadLetter",
  "refusedAuth",
  "refusedPublish",
  "refusedSubscribe",
  // The embedded broker's packet guard: a malformed fixed header, or a first packet not CONNECT.
  "badPacket",
] as const;
export type DropReason = (typeof DROP_REASONS)[number];

/**
 * Counts of the gateway's traffic. A dropped message is logged at most once per device and
 * reason a minute, so a device that misbehaves a thousand times a second writes one line.
 */
export const createTrafficCounters = (options: {
  log: (fields: Record<string, unknown>, message: string) => void;
  now?: () => number;
  logEveryMs?: number;
}) => {
  const now = options.now ?? Date.now;
  const logEveryMs = options.logEveryMs ?? 60_000;
  const counts = { received: 0, written: 0, dropped: Object.fromEntries(DROP_REASONS.map((r) => [r, 0])) } as {
    received: number;
    written: number;
    dropped: Record<DropReason, number>;
  };
  const lastLogged = new Map<string, number>();

  return {
    received(n = 1) {
      counts.received += n;
    },
    written(n = 1) {
      counts.written += n;
    },
    drop(reason: DropReason, device: string, detail?: string) {
      counts.dropped[reason] += 1;
      const key = `${device}\u0000${reason}`;
      const at = now();
      const last = lastLogged.get(key);
      if (last !== undefined && at - last < logEveryMs) return;
      lastLogged.set(key, at);
      if (lastLogged.size > 100_000) lastLogged.clear();
      options.log({ device, reason, ...(detail ? { detail } : {}) }, "device message dropped");
    },
    snapshot() {
      return { received: counts.received, written: counts.written, dropped: { ...counts.dropped } };
    },
  };
};

export type TrafficCounters = ReturnType<typeof createTrafficCounters>;
