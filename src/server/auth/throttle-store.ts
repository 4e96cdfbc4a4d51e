// Counters in fixed windows, the store behind the sign-in throttle (login-throttle.ts). Every
// operation is one atomic step on one key, so a shared store can take this one's place: in
// Redis, increment is INCR then PEXPIRE … NX (PTTL for the window's end), decrement a DECR
// only while the key exists, reset a DEL. The counts live in this process's memory today.

export interface WindowCount {
  /** Hits in the key's current window. */
  count: number;
  /** When the window ends (ms since the epoch); the count is forgotten then. */
  resetAt: number;
}

export interface ThrottleStore {
  /** Adds one hit; a window of windowMs starts at the first hit after the last one ended. */
  increment(key: string, windowMs: number, now: number): Promise<WindowCount>;
  /** Takes one hit back from a window still open (a reservation that was no failure). */
  decrement(key: string, now: number): Promise<void>;
  /** Forgets the key. */
  reset(key: string): Promise<void>;
}

/** Keys kept at most; past it, expired windows go first, then the oldest windows. */
export const MEMORY_STORE_MAX_KEYS = 100_000;

interface Entry {
  count: number;
  resetAt: number;
}

/**
 * The in-process store. Memory is bounded: above maxKeys the ended windows are swept, and if
 * that is not enough the oldest windows (first in the Map, so the first to end) are dropped.
 */
export function createMemoryThrottleStore(maxKeys = MEMORY_STORE_MAX_KEYS): ThrottleStore & {
  size(): number;
} {
  const entries = new Map<string, Entry>();

  const live = (key: string, now: number): Entry | undefined => {
    const entry = entries.get(key);
    if (entry === undefined) return undefined;
    if (entry.resetAt > now) return entry;
    entries.delete(key);
    return undefined;
  };

  const makeRoom = (now: number) => {
    if (entries.size < maxKeys) return;
    for (const [key, entry] of entries) if (entry.resetAt <= now) entries.delete(key);
    for (const key of entries.keys()) {
      if (entries.size < maxKeys) break;
      entries.delete(key);
    }
  };

  return {
    increment(key, windowMs, now) {
      let entry = live(key, now);
      if (entry === undefined) {
        makeRoom(now);
        entry = { count: 0, resetAt: now + windowMs };
        entries.set(key, entry);
      }
      entry.count += 1;
      return Promise.resolve({ count: entry.count, resetAt: entry.resetAt });
    },
    decrement(key, now) {
      const entry = live(key, now);
      if (entry !== undefined) {
        entry.count -= 1;
        if (entry.count <= 0) entries.delete(key);
      }
      return Promise.resolve();
    },
    reset(key) {
      entries.delete(key);
      return Promise.resolve();
    },
    size: () => entries.size,
  };
}
