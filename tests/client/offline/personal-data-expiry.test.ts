// The device drops mirrored personal data by the server's rule (beyond-spec.md section 2):
// once an order's personalDataUntil has passed, its address, phone, notes and names leave the
// stored copy (at start and on a timer), are never written from a reply, never read by a
// screen, and leave the outbox's copies too. The clock is moved, never waited for.
import { afterEach, describe, expect, it, vi } from 'vitest';
import type { OrderReply } from '#shared/contracts/orders';
import { enqueue } from '#client/offline/outbox';
import { mirrorKey, mirrorRow, readMirrorList, replaceList } from '#client/offline/mirror';
import {
  dropExpiredPersonalData,
  startPersonalDataExpiry,
} from '#client/offline/personal-data-expiry';
import { feedbackAction } from './support/actions.ts';
import { newDevice } from './support/fake-db.ts';

const T0 = new Date('2026-12-10T12:00:00.000Z');
const hoursAfter = (hours: number) => new Date(T0.getTime() + hours * 60 * 60 * 1000);

function order(orderId: number, until: string | null, extra: Partial<OrderReply> = {}) {
  const data: OrderReply = {
    orderId,
    status: 'PENDING',
    orderType: 'GUEST',
    userId: 41,
    deliveryAddress: '9 Window Street',
    phoneNumber: '5553334444',
    notes: 'Knock softly',
    firstName: 'Gwen',
    lastName: 'Guestly',
    email: null,
    roundId: 3,
    requestTime: '2026-12-01T10:00:00.000Z',
    orderItems: [{ itemName: 'Socks (L)', quantity: 2, isCustom: false }],
    personalDataHidden: false,
    personalDataShownFrom: null,
    personalDataPurged: false,
    personalDataUntil: until,
    ...extra,
  };
  return { id: String(orderId), group: null, data };
}

const GONE = {
  deliveryAddress: null,
  phoneNumber: null,
  notes: null,
  firstName: null,
  lastName: null,
  email: null,
};

async function stored(
  db: ReturnType<ReturnType<typeof newDevice>['open']>,
  table: 'assignedOrders' | 'myOrders',
  id: number,
) {
  return (await db.mirror(table).get(mirrorKey(table, id)))?.data as OrderReply | undefined;
}

describe('personal data expiry on the device', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('drops a volunteer’s copy once the window has closed, and keeps the rest', async () => {
    const db = newDevice().open();
    const until = hoursAfter(6).toISOString();
    await replaceList(db, 'assignedOrders', [order(1, until), order(2, null)], T0);
    expect(await dropExpiredPersonalData(db, hoursAfter(5))).toBe(0);
    expect((await stored(db, 'assignedOrders', 1))?.deliveryAddress).toBe('9 Window Street');

    expect(await dropExpiredPersonalData(db, hoursAfter(7))).toBe(1);
    expect(await stored(db, 'assignedOrders', 1)).toEqual({
      ...order(1, until).data,
      ...GONE,
      userId: null,
      personalDataHidden: true,
    });
    // An order with nothing to expire keeps everything; a second sweep changes nothing.
    expect((await stored(db, 'assignedOrders', 2))?.deliveryAddress).toBe('9 Window Street');
    expect(await dropExpiredPersonalData(db, hoursAfter(8))).toBe(0);
    db.close();
  });

  it('marks the client’s own expired order as purged, as the server then sends it', async () => {
    const db = newDevice().open();
    const until = hoursAfter(1).toISOString();
    await replaceList(db, 'myOrders', [order(5, until, { status: 'COMPLETED' })], T0);
    await dropExpiredPersonalData(db, hoursAfter(2));
    expect(await stored(db, 'myOrders', 5)).toMatchObject({
      ...GONE,
      userId: 41,
      status: 'COMPLETED',
      personalDataPurged: true,
      orderItems: [{ itemName: 'Socks (L)', quantity: 2, isCustom: false }],
    });
    db.close();
  });

  it('never writes what has already expired, and never reads it back', async () => {
    const db = newDevice().open();
    const until = hoursAfter(1).toISOString();
    // A reply that arrives late (or a device clock ahead): stored without the personal data.
    await replaceList(db, 'assignedOrders', [order(7, until)], hoursAfter(3));
    expect((await stored(db, 'assignedOrders', 7))?.deliveryAddress).toBeNull();

    // Stored in time, read after the instant but before any sweep: the screen sees none of it.
    await replaceList(db, 'assignedOrders', [order(8, until)], T0);
    expect((await stored(db, 'assignedOrders', 8))?.phoneNumber).toBe('5553334444');
    const early = await readMirrorList(db, 'assignedOrders', T0);
    expect((early[0]?.data as OrderReply).phoneNumber).toBe('5553334444');
    const late = await readMirrorList(db, 'assignedOrders', hoursAfter(2));
    expect(late[0]?.data).toMatchObject(GONE);
    db.close();
  });

  it('drops the copies a queued action keeps of the order (its change and its undo)', async () => {
    const db = newDevice().open();
    const until = hoursAfter(1).toISOString();
    await replaceList(db, 'assignedOrders', [order(9, until)], T0);
    const key = mirrorKey('assignedOrders', 9);
    const completed = mirrorRow('assignedOrders', 9, {
      ...order(9, until).data,
      status: 'COMPLETED',
    });
    const seq = await enqueue(db, {
      ...feedbackAction(),
      changes: [{ table: 'assignedOrders', key, row: completed }],
    });
    await dropExpiredPersonalData(db, hoursAfter(2));
    const queued = await db.outbox.get(seq);
    expect(queued?.changes[0]?.row?.data).toMatchObject({ ...GONE, status: 'COMPLETED' });
    expect(queued?.undo[0]?.row?.data).toMatchObject({ ...GONE, status: 'PENDING' });
    expect(JSON.stringify(await db.outbox.toArray())).not.toContain('Window Street');
    db.close();
  });

  it('sweeps at start and again on its timer', async () => {
    vi.useFakeTimers({
      toFake: ['Date', 'setTimeout', 'setInterval', 'clearTimeout', 'clearInterval'],
    });
    vi.setSystemTime(T0);
    const db = newDevice().open();
    await replaceList(
      db,
      'assignedOrders',
      [order(1, hoursAfter(-1).toISOString())],
      hoursAfter(-2),
    );
    await replaceList(db, 'myOrders', [order(2, hoursAfter(1).toISOString())], T0);
    const stop = startPersonalDataExpiry(db, 60_000);
    await vi.advanceTimersByTimeAsync(0);
    await vi.waitFor(async () => {
      expect((await stored(db, 'assignedOrders', 1))?.deliveryAddress).toBeNull();
    });
    expect((await stored(db, 'myOrders', 2))?.deliveryAddress).toBe('9 Window Street');

    vi.setSystemTime(hoursAfter(2));
    await vi.advanceTimersByTimeAsync(60_000);
    await vi.waitFor(async () => {
      expect((await stored(db, 'myOrders', 2))?.deliveryAddress).toBeNull();
    });
    stop();
    db.close();
  });
});
