import { describe, expect, it } from 'vitest';
import { BACKOFF_MAX_MS, backoffDelayMs, verdictOf } from '#client/offline/verdict';

const error = (code: string) => ({ status: 'error', message: 'x', error: code });

describe('verdictOf', () => {
  it('reads each kind of reply the way DESIGN.md offline rule 3 says', () => {
    expect(verdictOf({ status: 200, body: { status: 'success' } })).toBe('done');
    expect(verdictOf({ status: 201, body: null })).toBe('done');
    expect(verdictOf({ status: 401, body: error('SESSION_EXPIRED') })).toBe('transient');
    expect(verdictOf({ status: 401, body: error('UNAUTHORIZED') })).toBe('signed-out');
    for (const status of [429, 408, 500, 502, 503]) {
      expect(verdictOf({ status, body: error('X') }), String(status)).toBe('transient');
    }
    for (const status of [400, 403, 404, 409, 413, 422]) {
      expect(verdictOf({ status, body: error('X') }), String(status)).toBe('rejected');
    }
  });
});

describe('backoffDelayMs', () => {
  it('doubles per failure, with jitter between half and all of it, up to a cap', () => {
    expect(backoffDelayMs(1, () => 0)).toBe(500);
    expect(backoffDelayMs(1, () => 0.999_999)).toBe(1000);
    expect(backoffDelayMs(3, () => 0)).toBe(2000);
    expect(backoffDelayMs(3, () => 0.5)).toBe(3000);
    expect(backoffDelayMs(40, () => 0.999_999)).toBe(BACKOFF_MAX_MS);
    expect(backoffDelayMs(40, () => 0)).toBe(BACKOFF_MAX_MS / 2);
  });
});
