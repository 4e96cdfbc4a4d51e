// What /admin/devices says about a device (features/admin-devices/device-texts.ts).
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '#client/i18n/catalogues';
import type { DeviceHealthView } from '#shared/contracts/devices';
import {
  agoText,
  devicesByPerson,
  durationText,
  personTitle,
  stateWords,
  summaryText,
} from '#client/features/admin-devices/device-texts';

// The texts are the 'admin' namespace's, loaded as the screens' importers load it.
beforeAll(() => loadNamespaces('en', ['admin']));

const NOW = Date.parse('2026-12-01T10:00:00.000Z');
const before = (ms: number) => new Date(NOW - ms).toISOString();
const MIN = 60_000;

function device(overrides: Partial<DeviceHealthView>): DeviceHealthView {
  return {
    deviceId: 'aaaaaaaa-0000-4000-8000-000000000000',
    userId: 1,
    username: 'ann',
    role: 'VOLUNTEER',
    pendingCount: 0,
    oldestPendingAt: null,
    lastSyncAt: null,
    attentionCount: 0,
    appVersion: '0.1.0',
    reportedAt: before(0),
    stuck: false,
    stale: false,
    ...overrides,
  };
}

describe('device texts', () => {
  it('says how long in minutes, hours, then days', () => {
    expect(durationText(before(30_000), NOW)).toBe('under a minute');
    expect(durationText(before(MIN), NOW)).toBe('1 minute');
    expect(durationText(before(59 * MIN), NOW)).toBe('59 minutes');
    expect(durationText(before(2 * 60 * MIN + 5), NOW)).toBe('2 hours');
    expect(durationText(before(3 * 24 * 60 * MIN), NOW)).toBe('3 days');
    expect(durationText(new Date(NOW + MIN).toISOString(), NOW)).toBe('under a minute');
  });

  it('says how long ago, or never', () => {
    expect(agoText(null, NOW)).toBe('never');
    expect(agoText(before(10_000), NOW)).toBe('just now');
    expect(agoText(before(2 * 60 * MIN), NOW)).toBe('2 hours ago');
  });

  it('marks the state in words, both when both hold', () => {
    expect(stateWords({ stuck: false, stale: false })).toEqual(['OK']);
    expect(stateWords({ stuck: true, stale: false })).toEqual(['Stuck']);
    expect(stateWords({ stuck: false, stale: true })).toEqual(['Stale']);
    expect(stateWords({ stuck: true, stale: true })).toEqual(['Stuck', 'Stale']);
  });

  it('groups devices by person in the server’s order, keeping each person’s order', () => {
    const a1 = device({ deviceId: 'a1', userId: 1, stale: true });
    const b1 = device({ deviceId: 'b1', userId: 2, username: 'bo', role: 'CLIENT' });
    const a2 = device({ deviceId: 'a2', userId: 1 });
    const people = devicesByPerson([a1, b1, a2]);
    expect(people.map((p) => [personTitle(p), p.devices.map((d) => d.deviceId)])).toEqual([
      ['ann (Volunteer)', ['a1', 'a2']],
      ['bo (Client)', ['b1']],
    ]);
  });

  it('sums up the list', () => {
    expect(summaryText([device({})])).toBe('1 device, none stuck or stale.');
    const list = [device({ stuck: true }), device({ stale: true }), device({ stuck: true })];
    expect(summaryText(list)).toBe('3 devices: 2 stuck, 1 stale.');
  });
});
