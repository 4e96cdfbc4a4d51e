// The order limits as the device knows them (beyond-spec.md section 1 "Supplies can't be
// drained"): an order the server will refuse is flagged before it is sent, with the text the
// server would answer. The catalogue copy gives each item's maxPerOrder; the 'myOrders' mirror
// (server rows and this device's local ones) the client's open orders, in queue order; the
// outbox the guest orders this device holds.
import { describe, expect, it } from 'vitest';
import { say, type Saying } from '#client/i18n/i18n';
import { ORDER_KINDS } from '#client/offline/actions';
import type { MirrorRow, OutboxRow } from '#client/offline/types';
import { ORDER_LIMIT_MESSAGES } from '#shared/rules/order-limits';
import {
  clientOrderProblem,
  guestOrderProblem,
  limitCatalogue,
  linesProblem,
  queuedOrderProblem,
  type LimitKnowledge,
} from '#client/features/ordering/checkout/order-limit-check';
import { localOrderData } from '#client/features/orders/local-order';
import { outboxRow } from '../../../support/outbox-row.ts';

const NOW = new Date('2026-01-02T12:00:00.000Z');

function catalogueRow(id: number, name: string, maxPerOrder: number | undefined, sizes = {}) {
  const data = {
    id,
    name,
    description: null,
    category: null,
    quantity: 50,
    imageId: null,
    sizeQuantities: sizes,
    ...(maxPerOrder === undefined ? {} : { maxPerOrder }),
  };
  return mirror('catalogue', String(id), data);
}

function mirror(list: string, id: string, data: unknown): MirrorRow {
  return { key: `${list}/${id}`, list, id, position: 0, group: null, data };
}

/** User 1's order of one tea, as this device writes it into 'myOrders'. */
function teaOrder() {
  return localOrderData({
    userId: 1,
    deliveryAddress: 'a',
    phoneNumber: '1',
    notes: 'n',
    items: [{ itemName: 'Tea', quantity: 1 }],
  });
}

function serverOrder(id: number, status: string): MirrorRow {
  return mirror('myOrders', String(id), { ...teaOrder(), orderId: id, local: undefined, status });
}

function localOrder(id: string): MirrorRow {
  return mirror('myOrders', id, teaOrder());
}

function action(seq: number, kind: string, payload: object, extra: Partial<OutboxRow> = {}) {
  return outboxRow({
    seq,
    kind,
    payload,
    ownerUserId: kind === ORDER_KINDS.create ? 1 : null,
    idempotencyKey: `k${seq}`,
    status: 'queued',
    createdAt: '2026-01-02T11:00:00.000Z',
    updatedAt: '2026-01-02T11:00:00.000Z',
    ...extra,
  });
}

const catalogue = limitCatalogue([
  catalogueRow(1, 'Naloxone', 2),
  catalogueRow(2, 'Socks', 10, { S: 20, L: 20 }),
  // A copy from before maxPerOrder existed: the default, 10.
  catalogueRow(3, 'Soap', undefined),
  mirror('catalogue', 'x', { nonsense: true }),
]);

const none: LimitKnowledge = { catalogue, myOrders: [], outbox: [] };
const tea = [{ itemName: 'Tea', quantity: 1 }];

/** A refusal as the person reads it (English: the server's text). */
const said = (refusal: Saying | null) => (refusal === null ? null : say(refusal));

describe('order limits on the device', () => {
  it('names each item over its max per order, sizes together, and caps custom lines', () => {
    expect(catalogue.map((i) => i.id)).toEqual([1, 2, 3]);
    expect(said(linesProblem([{ itemName: 'naloxone', quantity: 3 }], catalogue))).toBe(
      'Naloxone: at most 2 per order',
    );
    expect(
      said(
        linesProblem(
          [
            { itemName: 'Socks (S)', quantity: 6 },
            { itemName: 'Socks (L)', quantity: 5 },
            { itemName: 'Soap', quantity: 11 },
          ],
          catalogue,
        ),
      ),
    ).toBe('Socks: at most 10 per order; Soap: at most 10 per order');
    expect(linesProblem([{ itemName: 'Naloxone', quantity: 2 }], catalogue)).toBeNull();
    const wishes = (n: number) =>
      Array.from({ length: n }, (_, i) => ({ itemName: `Wish ${i}`, quantity: 1 }));
    expect(linesProblem(wishes(5), catalogue)).toBeNull();
    expect(linesProblem(wishes(6), catalogue)).toBe(ORDER_LIMIT_MESSAGES.tooManyCustomLines);
    expect(said(linesProblem([{ itemName: 'Big wish', quantity: 11 }], catalogue))).toBe(
      'Big wish: at most 10 per order',
    );
  });

  it("counts a client's open orders: the server's and the ones waiting on this device", () => {
    const two: LimitKnowledge = {
      catalogue,
      myOrders: [
        serverOrder(1, 'PENDING'),
        serverOrder(2, 'PROCESSING'),
        serverOrder(3, 'COMPLETED'),
      ],
      outbox: [],
    };
    expect(clientOrderProblem(tea, two)).toBeNull();
    const local = localOrder('local-a');
    const queued = action(
      7,
      ORDER_KINDS.create,
      { items: tea },
      {
        changes: [{ table: 'myOrders', key: local.key, row: local }],
      },
    );
    const three = { ...two, myOrders: [...two.myOrders, local], outbox: [queued] };
    expect(clientOrderProblem(tea, three)).toBe(ORDER_LIMIT_MESSAGES.tooManyOpenOrders);
    // The queued order itself was the third: it will be accepted.
    expect(queuedOrderProblem(queued, three)).toBeNull();
    // A line over its cap is said first.
    expect(said(clientOrderProblem([{ itemName: 'Naloxone', quantity: 5 }], three))).toBe(
      'Naloxone: at most 2 per order',
    );
    // A queued order the admin's new cap now refuses is flagged.
    const capped = action(8, ORDER_KINDS.create, {
      items: [{ itemName: 'Naloxone', quantity: 3 }],
    });
    expect(queuedOrderProblem(capped, none)).toBe('Naloxone: at most 2 per order');
  });

  it('counts the guest orders this device holds for one phone or email in 24 hours', () => {
    const guest = (seq: number, phone: string, email: string, extra: Partial<OutboxRow> = {}) =>
      action(seq, ORDER_KINDS.guestCreate, { phone, email, items: tea }, extra);
    const k = (outbox: OutboxRow[]): LimitKnowledge => ({ catalogue, myOrders: [], outbox });
    const me = { phone: '412-555-0100', email: 'Gale+x@Example.org' };
    const opts = { now: NOW };
    expect(guestOrderProblem(tea, me, k([guest(1, '4125550100', 'a@b.org')]), opts)).toBeNull();
    const two = [
      guest(1, '+1 (412) 555 0100', 'a@b.org', { status: 'done' }),
      guest(2, '000', 'gale@example.org'),
    ];
    expect(guestOrderProblem(tea, me, k(two), opts)).toBe(ORDER_LIMIT_MESSAGES.guestOrdersPerDay);
    // Refused ones and ones older than a day do not count.
    const notCounted = [
      guest(1, '4125550100', 'a@b.org', { status: 'rejected' }),
      guest(2, '4125550100', 'a@b.org', { createdAt: '2026-01-01T11:00:00.000Z' }),
      guest(3, '4125550100', 'a@b.org'),
    ];
    expect(guestOrderProblem(tea, me, k(notCounted), opts)).toBeNull();
    // The third queued guest order of one phone is flagged; the first two are not.
    const queue = [
      guest(1, '4125550100', 'a@b.org'),
      guest(2, '4125550100', 'c@d.org'),
      guest(3, '(412) 5550100', 'e@f.org'),
    ];
    // In the current language: the outbox list and the home show it as it is.
    expect(queue.map((row) => queuedOrderProblem(row, k(queue)))).toEqual([
      null,
      null,
      say(ORDER_LIMIT_MESSAGES.guestOrdersPerDay),
    ]);
  });
});
