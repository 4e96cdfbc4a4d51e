import { describe, expect, it } from 'vitest';
import {
  LONG_WAIT_DAYS,
  longWaitDays,
  longWaitText,
  pendingCountText,
  updatedAgoText,
  waitingForSignInText,
} from '#client/offline/status-texts';

describe('status texts', () => {
  it('says how long ago a list was refreshed', () => {
    const at = '2026-01-01T12:00:00.000Z';
    const base = Date.parse(at);
    const minute = 60_000;
    expect(updatedAgoText(null, base)).toBe('not updated yet on this device');
    expect(updatedAgoText(at, base + 59_000)).toBe('updated just now');
    expect(updatedAgoText(at, base + minute)).toBe('updated 1 minute ago');
    expect(updatedAgoText(at, base + 12 * minute)).toBe('updated 12 minutes ago');
    expect(updatedAgoText(at, base + 61 * minute)).toBe('updated 1 hour ago');
    expect(updatedAgoText(at, base + 49 * 60 * minute)).toBe('updated 2 days ago');
  });

  it('counts waiting changes', () => {
    expect(waitingForSignInText(1)).toBe('1 change waiting — sign in to send them');
    expect(waitingForSignInText(3)).toBe('3 changes waiting — sign in to send them');
    expect(pendingCountText(2, 0)).toBe('2 changes waiting');
    expect(pendingCountText(1, 1)).toBe('1 change waiting, 1 needs attention');
    expect(pendingCountText(0, 2)).toBe('2 need attention');
  });

  it('warns once an action has waited more than 28 days', () => {
    const queuedAt = '2026-01-01T12:00:00.000Z';
    const day = 24 * 60 * 60_000;
    const daysOn = (days: number) => Date.parse(queuedAt) + days * day;
    expect(LONG_WAIT_DAYS).toBe(28);
    expect(longWaitDays(queuedAt, daysOn(27))).toBeNull();
    expect(longWaitDays(queuedAt, daysOn(28))).toBeNull();
    expect(longWaitDays(queuedAt, daysOn(28) + 60_000)).toBe(28);
    expect(longWaitDays(queuedAt, daysOn(30.5))).toBe(30);
    expect(longWaitText(30)).toBe(
      'Waiting 30 days — connect to the internet soon so it can be sent.',
    );
  });
});
