import { describe, expect, it } from 'vitest';
import {
  createLoginThrottle,
  type BeginResult,
  type SignInAttempt,
} from '#server/auth/login-throttle';
import { createMemoryThrottleStore } from '#server/auth/throttle-store';

// Times are passed in, so the windows are tested without waiting.
const limits = {
  deviceFailures: 3,
  pairFailures: 3,
  addressFailures: 5,
  untrustedFailures: 8,
  windowMs: 60_000,
};

const from = (address: string, account: string, device: string | null = null): SignInAttempt => ({
  address,
  account,
  device,
});

function waitOf(result: BeginResult): number {
  return result.allowed ? 0 : result.retryAfterSeconds;
}

/** Tries that fail (their reservations are kept). */
async function fail(t: ReturnType<typeof createLoginThrottle>, attempt: SignInAttempt, at = 0) {
  const result = await t.begin(attempt, at);
  expect(result.allowed).toBe(true);
}

describe('createLoginThrottle', () => {
  it('refuses an (account, address) pair at its limit until its window ends', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (const at of [0, 10_000, 20_000]) await fail(t, from('1.1.1.1', 'user:1'), at);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:1'), 30_000))).toBe(30);
    expect(waitOf(await t.begin(from('2.2.2.2', 'user:1'), 30_000))).toBe(0);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:2'), 30_000))).toBe(0);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:1'), 60_000))).toBe(0);
  });

  it('refuses an address at its limit across accounts, not a known browser there', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (let i = 0; i < 5; i++) await fail(t, from('1.1.1.1', `name:ghost${i}`), i);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:7'), 10))).toBeGreaterThan(0);
    expect(waitOf(await t.begin(from('9.9.9.9', 'user:7'), 10))).toBe(0);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:7', 'dev7'), 10))).toBe(0);
  });

  it('locks unknown browsers of an account after failures spread over addresses', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (let i = 0; i < 8; i++) await fail(t, from(`10.0.0.${i}`, 'user:1'), i);
    expect(waitOf(await t.begin(from('10.9.9.9', 'user:1'), 10))).toBeGreaterThan(0);
    expect(waitOf(await t.begin(from('10.9.9.9', 'user:1', 'owner'), 10))).toBe(0);
    expect(waitOf(await t.begin(from('10.9.9.9', 'user:2'), 10))).toBe(0);
  });

  it('locks a device by its own failures only, and only that device', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (let i = 0; i < 3; i++) await fail(t, from('1.1.1.1', 'user:1', 'devA'), i);
    expect(waitOf(await t.begin(from('5.5.5.5', 'user:1', 'devA'), 10))).toBeGreaterThan(0);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:1', 'devB'), 10))).toBe(0);
    expect(waitOf(await t.begin(from('1.1.1.1', 'user:1'), 10))).toBe(0);
  });

  it('counts nothing for a refused try, and gives a released try back', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (let i = 0; i < 3; i++) await fail(t, from('1.1.1.1', 'user:1'), i);
    // Hammering the locked pair does not spill into the account's unknown-browser count.
    for (let i = 0; i < 20; i++)
      expect((await t.begin(from('1.1.1.1', 'user:1'), 5)).allowed).toBe(false);
    for (let i = 0; i < 4; i++) await fail(t, from(`10.0.0.${i}`, 'user:1'), 6);
    // 7 failures so far: an 8th try is allowed and, released, counts nothing.
    const released = await t.begin(from('10.0.0.99', 'user:1'), 7);
    if (!released.allowed) throw new Error('refused');
    await released.reservation.release(7);
    await fail(t, from('10.0.0.98', 'user:1'), 8);
    expect(waitOf(await t.begin(from('10.0.0.97', 'user:1'), 9))).toBeGreaterThan(0);
  });

  it('clears this browser\u2019s own record for the account on success', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    for (let i = 0; i < 2; i++) await fail(t, from('1.1.1.1', 'user:1'), i);
    const ok = await t.begin(from('1.1.1.1', 'user:1'), 3);
    if (!ok.allowed) throw new Error('refused');
    await ok.reservation.succeeded(3);
    for (let i = 0; i < 3; i++) await fail(t, from('1.1.1.1', 'user:1'), 4);
    expect((await t.begin(from('1.1.1.1', 'user:1'), 5)).allowed).toBe(false);
  });

  it('lets no more parallel tries through than the limit', async () => {
    const t = createLoginThrottle(createMemoryThrottleStore(), limits);
    const results = await Promise.all(
      Array.from({ length: 10 }, () => t.begin(from('1.1.1.1', 'user:1'), 0)),
    );
    expect(results.filter((r) => r.allowed)).toHaveLength(3);
  });
});

describe('createMemoryThrottleStore', () => {
  it('keeps at most maxKeys keys, dropping ended windows and then the oldest', async () => {
    const store = createMemoryThrottleStore(100);
    for (let i = 0; i < 50; i++) await store.increment(`old${i}`, 1_000, 0);
    for (let i = 0; i < 500; i++) await store.increment(`key${i}`, 60_000, 2_000);
    expect(store.size()).toBeLessThanOrEqual(100);
    // The newest keys are the ones kept, with their counts.
    expect((await store.increment('key499', 60_000, 2_000)).count).toBe(2);
    expect((await store.increment('key0', 60_000, 2_000)).count).toBe(1);
  });

  it('starts a new window after the last one ended; decrement never makes a key', async () => {
    const store = createMemoryThrottleStore();
    expect(await store.increment('k', 1_000, 0)).toEqual({ count: 1, resetAt: 1_000 });
    expect(await store.increment('k', 1_000, 999)).toEqual({ count: 2, resetAt: 1_000 });
    expect(await store.increment('k', 1_000, 1_000)).toEqual({ count: 1, resetAt: 2_000 });
    await store.decrement('other', 1_000);
    expect(store.size()).toBe(1);
  });
});
