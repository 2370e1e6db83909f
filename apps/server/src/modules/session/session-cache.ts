import type { SessionLookup } from "./session.repository.ts";

/** How long a looked-up session may answer reads without asking the database again. */
export const DEFAULT_SESSION_CACHE_MS = 1_000;
const MAX_ENTRIES = 10_000;

/**
 * Sessions looked up in the last moment, by token hash, for the calls that only read.
 *
 * Every authenticated call starts with the session lookup, and at the size of a large channel it is
 * a third of a list page's work in this process (docs/performance.md). A page opens several lists
 * at once and a busy distributor pages quickly, so the same token comes back within a second many
 * times over. The cached row is checked exactly as a fresh one is (revoked, expired, idle) against
 * the clock of the call; what a cache cannot know is a change made since, so:
 * - a call that writes always reads its session fresh, and once it has answered every entry of this
 *   process is dropped: a sign-out, a password change or a sub-distributor released here takes
 *   effect on the very next call, whatever it changed and for whomever;
 * - a lookup that was already under way when entries were dropped is not kept: it may have read the
 *   session before the write committed (`generation`);
 * - another instance's entries live at most `ttlMs` more (decision 0007).
 * Entries age by the process's own monotonic time, not the app clock, which tests step.
 */
export const createSessionCache = (options: { ttlMs: number; maxEntries?: number }) => {
  const max = options.maxEntries ?? MAX_ENTRIES;
  const entries = new Map<string, { lookup: SessionLookup; at: number }>();
  let generation = 0;
  return {
    /** Taken before a lookup starts and handed to `set`: a `clear` in between voids the lookup. */
    get generation(): number {
      return generation;
    },

    get(tokenHash: string): SessionLookup | undefined {
      const entry = entries.get(tokenHash);
      if (!entry) return undefined;
      if (performance.now() - entry.at >= options.ttlMs) {
        entries.delete(tokenHash);
        return undefined;
      }
      return entry.lookup;
    },

    set(tokenHash: string, lookup: SessionLookup, startedAt: number): void {
      if (options.ttlMs <= 0 || startedAt !== generation) return;
      entries.delete(tokenHash);
      // The oldest entry goes first (a Map keeps insertion order), so the bound holds under any load.
      if (entries.size >= max) entries.delete(entries.keys().next().value as string);
      entries.set(tokenHash, { lookup, at: performance.now() });
    },

    clear(): void {
      generation += 1;
      entries.clear();
    },

    get size(): number {
      return entries.size;
    },
  };
};

export type SessionCache = ReturnType<typeof createSessionCache>;
