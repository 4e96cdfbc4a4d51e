// All Orders: one table row per order item, the order's actions on its first row only.
import { beforeAll, describe, expect, it } from 'vitest';
import { loadNamespaces } from '#client/i18n/catalogues';
import type { OrderReply } from '#shared/contracts/orders';
import { orderRows, ordererText } from '#client/features/admin-orders/order-rows';

// The texts are the 'admin' namespace's, loaded as the screens' importers load it.
beforeAll(() => loadNamespaces('en', ['admin']));

function order(changes: Partial<OrderReply>): OrderReply {
  return {
    orderId: 1,
    status: 'PENDING',
    orderType: 'CLIENT',
    userId: 4,
    deliveryAddress: '1 Main St',
    phoneNumber: '5550001111',
    notes: null,
    firstName: null,
    lastName: null,
    email: null,
    roundId: null,
    requestTime: '2026-11-01T10:00:00.000Z',
    orderItems: [],
    personalDataHidden: false,
    personalDataShownFrom: null,
    personalDataPurged: false,
    personalDataUntil: null,
    ...changes,
  };
}

describe('order rows', () => {
  it('makes a row per item, the first one carrying the actions', () => {
    const rows = orderRows([
      order({
        orderId: 1,
        orderItems: [
          { itemName: 'Socks (L)', quantity: 2, isCustom: false },
          { itemName: 'Tent', quantity: 1, isCustom: true },
        ],
      }),
      order({ orderId: 2, orderItems: [{ itemName: 'Water', quantity: 6, isCustom: false }] }),
    ]);
    expect(rows.map((row) => [row.order.orderId, row.itemName, row.quantity, row.first])).toEqual([
      [1, 'Socks (L)', 2, true],
      [1, 'Tent', 1, false],
      [2, 'Water', 6, true],
    ]);
    expect(rows[1]?.isCustom).toBe(true);
    expect(new Set(rows.map((row) => row.key)).size).toBe(3);
  });

  it('keeps an order without items as one row, so it can still be cancelled', () => {
    const rows = orderRows([order({ orderId: 9 })]);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.first).toBe(true);
    expect(rows[0]?.quantity).toBeNull();
  });

  it("names who ordered: the client's id, the guest's name", () => {
    expect(ordererText(order({ userId: 12 }))).toBe('12');
    const guest = order({ userId: null, orderType: 'GUEST', firstName: 'Ada', lastName: 'Lee' });
    expect(ordererText(guest)).toBe('Guest: Ada Lee');
    expect(ordererText(order({ userId: null, orderType: 'GUEST' }))).toBe('Guest');
    expect(ordererText(order({ userId: null }))).toBe('—');
  });
});
