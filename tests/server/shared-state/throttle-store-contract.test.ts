// One contract for every ThrottleStore (throttle-store.ts): the in-memory store, the Redis
// store (on the machine's Redis) and the failover store while Redis answers. Windows are real
// time here (Redis keeps its own clock), so the window tests use short windows and wait.
import { afterAll, describe, expect, it } from 'vitest';
import { Redis } from 'ioredis';
import { createMemoryThrottleStore, type ThrottleStore } from '#server/auth/throttle-store';
import {
  createFailoverThrottleStore,
  createRedisThrottleStore,
} from '#server/auth/redis-throttle-store';
import { freshPrefix, redisRuns, redisUrl } from './redis-support.ts';

const clients: Redis[] = [];
afterAll(() => {
  for (const c of clients) c.disconnect();
});

function redisClient(): Redis {
  const client = new Redis(redisUrl, { keyPrefix: freshPrefix('contract') });
  clients.push(client);
  return client;
}

const stores: [string, () => ThrottleStore][] = [['memory', () => createMemoryThrottleStore()]];
if (redisRuns) {
  stores.push(['redis', () => createRedisThrottleStore(redisClient())]);
  stores.push([
    'failover (Redis up)',
    () =>
      createFailoverThrottleStore(
        createRedisThrottleStore(redisClient()),
        createMemoryThrottleStore(),
        (err) => {
          throw err;
        },
      ),
  ]);
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe.each(stores)('ThrottleStore contract: %s', (_name, make) => {
  it('counts hits on a key in one window, ending when the first hit’s window ends', async () => {
    const store = make();
    const now = Date.now();
    const first = await store.increment('k', 60_000, now);
    const second = await store.increment('k', 60_000, now + 10);
    expect(first.count).toBe(1);
    expect(second.count).toBe(2);
    expect(first.resetAt).toBeGreaterThan(now + 59_000);
    expect(first.resetAt).toBeLessThanOrEqual(now + 60_000);
    // The second hit does not stretch the window.
    expect(second.resetAt).toBeLessThanOrEqual(first.resetAt + 20);
    expect((await store.increment('other', 60_000, now)).count).toBe(1);
  });

  it('starts a new window after the last one ended', async () => {
    const store = make();
    await store.increment('w', 150, Date.now());
    await store.increment('w', 150, Date.now());
    await sleep(300);
    expect((await store.increment('w', 150, Date.now())).count).toBe(1);
  });

  it('decrements only an open window, never making or reviving a key', async () => {
    const store = make();
    await store.decrement('never', Date.now());
    expect((await store.increment('never', 60_000, Date.now())).count).toBe(1);
    await store.increment('d', 60_000, Date.now());
    await store.increment('d', 60_000, Date.now());
    await store.decrement('d', Date.now());
    expect((await store.increment('d', 60_000, Date.now())).count).toBe(2);
    await store.increment('gone', 100, Date.now());
    await sleep(250);
    await store.decrement('gone', Date.now());
    expect((await store.increment('gone', 60_000, Date.now())).count).toBe(1);
  });

  it('forgets a key on reset', async () => {
    const store = make();
    await store.increment('r', 60_000, Date.now());
    await store.increment('r', 60_000, Date.now());
    await store.reset('r');
    expect((await store.increment('r', 60_000, Date.now())).count).toBe(1);
  });

  it('lets no hit be lost among 200 concurrent increments and decrements', async () => {
    const store = make();
    const now = Date.now();
    await Promise.all(Array.from({ length: 200 }, () => store.increment('c', 60_000, now)));
    await Promise.all(Array.from({ length: 150 }, () => store.decrement('c', now)));
    expect((await store.increment('c', 60_000, now)).count).toBe(51);
  });
});
