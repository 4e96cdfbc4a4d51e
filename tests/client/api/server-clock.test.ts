// @vitest-environment jsdom
// Clock skew (issue 17 item 4): a phone's clock a day off breaks nothing. The device learns the
// server's time from replies' Date headers and judges the server's own instants on it — here,
// whether a volunteer's copy of an address may still be kept (personalDataUntil).
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import {
  noteServerDate,
  resetServerClock,
  serverNow,
  serverTimeAt,
} from '#client/api/server-clock';
import { mirrorKey, readMirrorList, replaceList } from '#client/offline/mirror';
import { dropExpiredPersonalData } from '#client/offline/personal-data-expiry';
import { newDevice } from '../offline/support/fake-db.ts';

const DAY = 24 * 60 * 60 * 1000;
const SERVER_NOW = new Date('2026-12-10T12:00:00.000Z');

/** The device's clock `skewMs` off the server's, and one reply's Date header seen. */
function deviceSkewedBy(skewMs: number): void {
  vi.useFakeTimers({ now: SERVER_NOW.getTime() + skewMs, toFake: ['Date'] });
  noteServerDate(SERVER_NOW.toUTCString(), Date.now() - 40, Date.now());
}

function assignedOrder(until: Date) {
  return {
    id: '7',
    group: null,
    data: {
      orderId: 7,
      status: 'PENDING',
      deliveryAddress: '9 Window Street',
      phoneNumber: '5553334444',
      notes: null,
      firstName: null,
      lastName: null,
      email: null,
      personalDataHidden: false,
      personalDataPurged: false,
      personalDataUntil: until.toISOString(),
    },
  };
}

describe('the server clock on the device', () => {
  beforeEach(() => resetServerClock());
  afterEach(() => {
    vi.useRealTimers();
    resetServerClock();
  });

  it.each([
    ['a day ahead', DAY],
    ['a day behind', -DAY],
  ])('reads the server time when the device is %s', (_label, skew) => {
    deviceSkewedBy(skew);
    expect(Math.abs(serverNow().getTime() - SERVER_NOW.getTime())).toBeLessThan(1000);
    expect(serverTimeAt(new Date(Date.now() + 60_000)).getTime()).toBeCloseTo(
      SERVER_NOW.getTime() + 60_000,
      -4,
    );
    // Kept for an offline relaunch.
    expect(Number(localStorage.getItem('streetmed.serverClockOffsetMs'))).toBeCloseTo(-skew, -4);
  });

  it('takes a few seconds of network time and rounding as no skew at all', () => {
    vi.useFakeTimers({ now: SERVER_NOW.getTime() + 2000, toFake: ['Date'] });
    noteServerDate(SERVER_NOW.toUTCString(), Date.now() - 50, Date.now());
    expect(serverNow().getTime()).toBe(Date.now());
    noteServerDate('not a date', 0, 0);
    noteServerDate(null, 0, 0);
    expect(serverNow().getTime()).toBe(Date.now());
  });

  it('keeps an address a phone a day ahead would have dropped, and drops it on time', async () => {
    deviceSkewedBy(DAY);
    const db = newDevice().open();
    const until = new Date(SERVER_NOW.getTime() + 6 * 60 * 60 * 1000); // the window's end
    await replaceList(db, 'assignedOrders', [assignedOrder(until)], new Date());
    expect(await dropExpiredPersonalData(db)).toBe(0);
    const [row] = await readMirrorList(db, 'assignedOrders');
    expect((row?.data as { deliveryAddress: string | null }).deliveryAddress).toBe(
      '9 Window Street',
    );

    // Seven hours later by both clocks: past the window's end on the server's.
    vi.setSystemTime(Date.now() + 7 * 60 * 60 * 1000);
    expect(await dropExpiredPersonalData(db)).toBe(1);
    const stored = await db.mirror('assignedOrders').get(mirrorKey('assignedOrders', 7));
    expect((stored?.data as { deliveryAddress: string | null }).deliveryAddress).toBeNull();
  });
});
