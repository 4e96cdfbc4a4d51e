// Round date inputs: minute-precision local date-times sent as ISO with the local offset
// (spec section 9, wire-protocol.md), whatever the admin's time zone and its summer time.
import { afterEach, describe, expect, it } from 'vitest';
import { isoToLocalInput, localInputToIso } from '#client/features/admin-rounds/local-time';
import { parseRoundTime } from '#shared/rules/round-dates';

const originalTz = process.env.TZ;

afterEach(() => {
  process.env.TZ = originalTz;
});

describe('local round times', () => {
  it('adds the offset in force on that day', () => {
    process.env.TZ = 'America/New_York';
    expect(localInputToIso('2026-07-04T18:30')).toBe('2026-07-04T18:30:00-04:00');
    expect(localInputToIso('2026-01-15T09:05')).toBe('2026-01-15T09:05:00-05:00');
    process.env.TZ = 'Asia/Kolkata';
    expect(localInputToIso('2026-03-01T00:00')).toBe('2026-03-01T00:00:00+05:30');
    process.env.TZ = 'UTC';
    expect(localInputToIso('2026-03-01T23:59')).toBe('2026-03-01T23:59:00+00:00');
  });

  it('names the instant the admin saw, and reads it back the same', () => {
    process.env.TZ = 'Europe/Berlin';
    const sent = localInputToIso('2026-10-25T01:30');
    expect(parseRoundTime(sent)?.toISOString()).toBe('2026-10-24T23:30:00.000Z');
    expect(isoToLocalInput('2026-10-24T23:30:00.000Z')).toBe('2026-10-25T01:30');
    expect(isoToLocalInput('2026-06-01T10:00:00Z')).toBe('2026-06-01T12:00');
  });

  it('sends anything else as typed, for the server to name', () => {
    expect(localInputToIso(' tomorrow ')).toBe('tomorrow');
    expect(localInputToIso('')).toBe('');
    expect(isoToLocalInput('not a time')).toBe('');
  });
});
