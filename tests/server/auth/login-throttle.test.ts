import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from '#server/auth/login-throttle';

// Times are passed in, so the window is tested without waiting.
describe('createLoginThrottle', () => {
  const limits = { accountFailures: 3, ipFailures: 5, windowMs: 60_000 };

  it('blocks an account at its limit until the oldest failure leaves the window', () => {
    const t = createLoginThrottle(limits);
    for (const at of [0, 10_000, 20_000]) t.recordFailure('1.1.1.1', 'ann', at);
    expect(t.retryAfterSeconds('1.1.1.1', 'ann', 30_000)).toBe(30);
    expect(t.retryAfterSeconds('2.2.2.2', 'ann', 30_000)).toBe(30);
    expect(t.retryAfterSeconds('1.1.1.1', 'bob', 30_000)).toBe(0);
    expect(t.retryAfterSeconds('1.1.1.1', 'ann', 60_001)).toBe(0);
  });

  it('blocks an address at its limit across accounts', () => {
    const t = createLoginThrottle(limits);
    for (let i = 0; i < 5; i++) t.recordFailure('1.1.1.1', `user${i}`, i);
    expect(t.retryAfterSeconds('1.1.1.1', 'fresh', 10)).toBeGreaterThan(0);
    expect(t.retryAfterSeconds('9.9.9.9', 'fresh', 10)).toBe(0);
  });

  it('forgets an account on success but not the address', () => {
    const t = createLoginThrottle({ ...limits, ipFailures: 3 });
    for (let i = 0; i < 3; i++) t.recordFailure('1.1.1.1', 'ann', i);
    t.clearAccount('ann');
    expect(t.retryAfterSeconds('2.2.2.2', 'ann', 10)).toBe(0);
    expect(t.retryAfterSeconds('1.1.1.1', 'ann', 10)).toBeGreaterThan(0);
  });
});
