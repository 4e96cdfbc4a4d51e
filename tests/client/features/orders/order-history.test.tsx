// @vitest-environment jsdom
// '/orderhistory' against a real server (spec sections 2, 5 and 8 "Order History"): the
// client's orders, 'Failed to load orders.', the 'Failed to cancel order.' alert, the guest's
// message, and an order still waiting on the device taken back by 'Cancel Order'.
import '../../offline/support/fake-db.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { ORDER_MESSAGES } from '#shared/rules/orders';
import { setApiBaseUrl } from '#client/api/api-client';
import { say } from '#client/i18n/i18n';
import { getAppDb } from '#client/offline/app-db';
import { submit } from '#client/offline/submit';
import { GUEST_USER, setSessionUser } from '#client/session/session-user';
import { clientOrderAction } from '#client/features/ordering/checkout/order-actions';
import { OrderHistoryPage } from '#client/features/orders/order-history-page.tsx';
import { personalDetailsRemovedText } from '#client/ui/personal-data';
import { createOrderOnRound, createSignedInUser } from '../../../support/factories.ts';
import { sendLoginCookie } from '../../support/browser-cookie.ts';
import { useClientServer } from '../../support/client-server.ts';
import { recordAlerts } from '../../support/form.ts';
import { renderPage } from '../../support/render-page.tsx';
import { answerConfirmation } from '../../support/confirm.ts';

const DEAD_SERVER = 'http://127.0.0.1:9';
const WAIT = { timeout: 10_000 };
const { db } = useClientServer({
  offlineEngine: true,
  afterEachTest: async () => {
    setSessionUser(null);
    vi.restoreAllMocks();
    const device = getAppDb();
    await Promise.all([device.outbox.clear(), device.myOrders.clear(), device.syncMeta.clear()]);
  },
});

/** A client account, not yet signed in on this tab. */
function clientAccount() {
  return createSignedInUser(db(), { role: 'CLIENT', password: null });
}

/**
 * Signs the tab in, which starts a refresh of the lists: a test that changes rows after this
 * races that refresh (the page may open on the copy it mirrored), so seed first.
 */
function signIn(client: Awaited<ReturnType<typeof clientAccount>>, withCookie = true) {
  if (withCookie) sendLoginCookie(client.cookie);
  setSessionUser({ ...client, userId: client.id, role: 'CLIENT' });
  return client;
}

async function signedInClient(withCookie = true) {
  return signIn(await clientAccount(), withCookie);
}

describe('order history', () => {
  it('shows each order with its fields and items', async () => {
    const client = await signedInClient();
    const orderId = await createOrderOnRound(db(), null, {
      userId: client.id,
      deliveryAddress: '5 Forbes Ave',
      notes: 'Blue tent',
      items: [
        { itemName: 'Socks (L)', quantity: 2 },
        { itemName: 'Gauze', quantity: 3 },
      ],
    });
    renderPage('/orderhistory', OrderHistoryPage);
    const card = await screen.findByRole('article', { name: `Order #${orderId}` }, WAIT);
    const text = card.textContent;
    for (const part of ['Order ID', '5 Forbes Ave', 'Blue tent', 'Request Time', 'Socks (L) × 2']) {
      expect(text).toContain(part);
    }
    expect(text).toMatch(/Total Items\s*5/);
    expect(screen.getByRole('button', { name: 'Back to Home' })).toBeDefined();
  });

  it('shows an order a volunteer has taken as PROCESSING, still cancellable', async () => {
    const client = await signedInClient();
    const orderId = await createOrderOnRound(db(), null, {
      userId: client.id,
      status: 'PROCESSING',
    });
    renderPage('/orderhistory', OrderHistoryPage);
    const card = await screen.findByRole('article', { name: `Order #${orderId}` }, WAIT);
    expect(within(card).getByText('PROCESSING')).toBeDefined();
    expect(within(card).getByRole('button', { name: 'Cancel Order' })).toBeDefined();
  });

  it('says a purged order’s personal details were removed, never "null"', async () => {
    const client = await clientAccount();
    const orderId = await createOrderOnRound(db(), null, {
      userId: client.id,
      status: 'COMPLETED',
    });
    // As the retention sweep leaves it (src/server/privacy).
    await db()
      .updateTable('orders')
      .set({
        delivery_address: '',
        phone_number: null,
        notes: null,
        personal_data_purged_at: new Date().toISOString(),
      })
      .where('id', '=', orderId)
      .execute();
    signIn(client);
    renderPage('/orderhistory', OrderHistoryPage);
    const card = await screen.findByRole('article', { name: `Order #${orderId}` }, WAIT);
    expect(within(card).getByText(personalDetailsRemovedText())).toBeDefined();
    expect(card.textContent).not.toContain('null');
  });

  it("says 'Failed to load orders.' when the server refuses the list", async () => {
    await signedInClient(false); // no login cookie: the server answers 401
    renderPage('/orderhistory', OrderHistoryPage);
    expect((await screen.findByRole('alert', {}, WAIT)).textContent).toBe('Failed to load orders.');
  });

  it("alerts 'Failed to cancel order.' when the server refuses, and the order stays", async () => {
    const client = await signedInClient();
    const orderId = await createOrderOnRound(db(), null, { userId: client.id });
    const alerts = recordAlerts();
    renderPage('/orderhistory', OrderHistoryPage);
    const card = await screen.findByRole('article', { name: `Order #${orderId}` }, WAIT);
    await db()
      .updateTable('orders')
      .set({ status: 'COMPLETED' })
      .where('id', '=', orderId)
      .execute();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    await answerConfirmation('Cancel order');
    await vi.waitFor(() => expect(alerts).toEqual(['Failed to cancel order.']), WAIT);
    expect(await screen.findByRole('article', { name: `Order #${orderId}` })).toBeDefined();
  });

  it('takes back an order still waiting on the device without asking the server', async () => {
    const client = await signedInClient();
    setApiBaseUrl(DEAD_SERVER);
    const items = [{ name: 'Gauze', quantity: 1 }];
    const fields = { deliveryAddress: 'Bridge', phoneNumber: '555', notes: 'Tent' };
    const outcome = await submit(clientOrderAction(client.id, items, fields, null));
    expect(outcome.kind).toBe('queued');
    renderPage('/orderhistory', OrderHistoryPage);
    const card = await screen.findByRole('article', { name: 'New order' }, WAIT);
    expect(within(card).getByText('Waiting to send')).toBeDefined();
    fireEvent.click(within(card).getByRole('button', { name: 'Cancel Order' }));
    await answerConfirmation('Cancel order');
    await screen.findByText('You have no orders yet.', {}, WAIT);
    // Nothing is left to send, and nothing reached the server.
    expect(await getAppDb().outbox.count()).toBe(0);
    const orders = await db()
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', client.id)
      .execute();
    expect(orders).toEqual([]);
  });

  it('tells a guest that order history is not available', async () => {
    setSessionUser(GUEST_USER);
    renderPage('/orderhistory', OrderHistoryPage);
    expect((await screen.findByRole('alert')).textContent).toBe(
      say(ORDER_MESSAGES.orderHistoryGuest),
    );
  });
});
