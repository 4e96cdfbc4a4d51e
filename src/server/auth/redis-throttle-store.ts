// The sign-in throttle's counters in Redis (REDIS_URL), shared by every process: each
// operation is one Lua script, so it is atomic however many processes count at once.
// - increment: INCR, then PEXPIRE only when the key has no expiry yet (the window starts at
//   its first hit and is never stretched), PTTL for the window's end;
// - decrement: DECR only while the key exists (a window that ended is not brought back), and
//   DEL at zero;
// - reset: DEL.
// The window is Redis's clock (PTTL), so processes whose clocks differ still agree on it;
// resetAt is that remaining time added to the caller's `now`.
// When Redis fails, createFailoverThrottleStore counts in this process's memory instead (the
// choice and why: ARCHITECTURE.md "Shared state").
import type { RedisClient } from '../shared-state/redis-client.ts';
import type { ThrottleStore } from './throttle-store.ts';

const INCREMENT = `
local count = redis.call('INCR', KEYS[1])
local ttl = redis.call('PTTL', KEYS[1])
if ttl < 0 then
  redis.call('PEXPIRE', KEYS[1], ARGV[1])
  ttl = tonumber(ARGV[1])
end
return {count, ttl}
`;

const DECREMENT = `
if redis.call('EXISTS', KEYS[1]) == 1 then
  if redis.call('DECR', KEYS[1]) <= 0 then redis.call('DEL', KEYS[1]) end
end
return 0
`;

/** Keys of the sign-in throttle, under the client's deployment prefix. */
const KEY_SPACE = 'sign-in:';

export function createRedisThrottleStore(redis: RedisClient): ThrottleStore {
  return {
    async increment(key, windowMs, now) {
      const reply = (await redis.eval(INCREMENT, 1, KEY_SPACE + key, windowMs)) as [number, number];
      return { count: reply[0], resetAt: now + reply[1] };
    },
    async decrement(key) {
      await redis.eval(DECREMENT, 1, KEY_SPACE + key);
    },
    async reset(key) {
      await redis.del(KEY_SPACE + key);
    },
  };
}

/**
 * `primary` (Redis) while it answers; `fallback` (this process's memory) for an operation it
 * fails. `onFailure` hears each failure (the caller logs it).
 */
export function createFailoverThrottleStore(
  primary: ThrottleStore,
  fallback: ThrottleStore,
  onFailure: (err: unknown) => void,
): ThrottleStore {
  const either = async <T>(first: () => Promise<T>, second: () => Promise<T>): Promise<T> => {
    try {
      return await first();
    } catch (err) {
      onFailure(err);
      return second();
    }
  };
  return {
    increment: (key, windowMs, now) =>
      either(
        () => primary.increment(key, windowMs, now),
        () => fallback.increment(key, windowMs, now),
      ),
    decrement: (key, now) =>
      either(
        () => primary.decrement(key, now),
        () => fallback.decrement(key, now),
      ),
    reset: (key) =>
      either(
        () => primary.reset(key),
        () => fallback.reset(key),
      ),
  };
}
