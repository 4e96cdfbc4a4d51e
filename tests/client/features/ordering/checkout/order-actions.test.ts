import { say } from '#client/i18n/i18n';
import { describe, expect, it } from 'vitest';
import { ORDER_PATHS } from '#shared/contracts/orders';
import { ORDER_KINDS } from '#client/offline/actions';
import {
  clientOrderAction,
  composeGuestNotes,
  guestNotesText,
  guestOrderAction,
} from '#client/features/ordering/checkout/order-actions';
import {
  ORDER_FAILED,
  placedReply,
  refusalText,
} from '#client/features/ordering/checkout/place-order';
import { parseHistoryOrder } from '#client/features/orders/local-order';

const lines = [
  { name: 'Socks (S)', quantity: 2 },
  { name: 'Gauze', quantity: 0 },
];

describe('order actions', () => {
  it("builds the client's payload with the spec's claims, leaving out lines at 0", () => {
    const action = clientOrderAction(
      7,
      lines,
      { deliveryAddress: ' 5 Forbes ', phoneNumber: '555', notes: 'Tent ' },
      { latitude: 1.5, longitude: -2.5 },
    );
    // The label is a message, worded when shown (in the language of that moment).
    expect(say(action.label)).toBe('Order (2 items)');
    expect(action).toMatchObject({
      kind: ORDER_KINDS.create,
      method: 'POST',
      path: ORDER_PATHS.create,
      ownerUserId: 7,
      payload: {
        authenticated: true,
        userId: 7,
        deliveryAddress: '5 Forbes',
        phoneNumber: '555',
        notes: 'Tent',
        items: [{ itemName: 'Socks (S)', quantity: 2 }],
        latitude: 1.5,
        longitude: -2.5,
      },
    });
    // Shown at once in the history as an order without an ID.
    const [change] = action.changes ?? [];
    expect(change?.table).toBe('myOrders');
    expect(change?.row?.key).toMatch(/^myOrders\/local-/);
    expect(parseHistoryOrder(change?.row?.data)).toMatchObject({ orderId: null, local: true });
  });

  it("builds the guest's payload with composed notes and no owner, without a location when there is none", () => {
    const action = guestOrderAction(
      lines,
      {
        firstName: 'Ada',
        lastName: 'Lovelace',
        email: 'ada@example.org',
        phone: '555',
        deliveryAddress: 'Bus stop',
        notes: 'Blue tent',
      },
      null,
    );
    expect(action.ownerUserId).toBeNull();
    expect(action.path).toBe(ORDER_PATHS.guestCreate);
    expect(action.payload).toEqual({
      firstName: 'Ada',
      lastName: 'Lovelace',
      email: 'ada@example.org',
      phone: '555',
      deliveryAddress: 'Bus stop',
      notes: 'Name: Ada Lovelace. Notes: Blue tent',
      items: [{ itemName: 'Socks (S)', quantity: 2 }],
    });
  });

  it("gets the guest's own notes back from composed ones", () => {
    expect(guestNotesText(composeGuestNotes('A', 'B', 'two\nlines'))).toBe('two\nlines');
    expect(guestNotesText('written elsewhere')).toBe('written elsewhere');
  });

  it("shows the server's refusal, else 'Order creation failed'", () => {
    expect(refusalText({ status: 'error', message: 'Socks (L): only 2 left' })).toBe(
      'Socks (L): only 2 left',
    );
    expect(refusalText({ status: 'error' })).toBe(ORDER_FAILED);
    expect(refusalText('<html>')).toBe(ORDER_FAILED);
    expect(
      placedReply({ status: 'success', message: 'ok', orderId: 4, orderStatus: 'PENDING' }),
    ).toEqual({ kind: 'sent', orderId: 4, orderStatus: 'PENDING', message: 'ok' });
    expect(placedReply({})).toMatchObject({ kind: 'sent', orderId: null });
  });
});
