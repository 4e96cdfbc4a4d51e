// "Start delivery" (beyond-spec.md section 7; issue 17 item 2) on a phone, on the production
// build and its service worker against the real server: a confirmed volunteer with no signal
// takes an order (it shows Processing at once, queued), the app is reloaded offline and keeps
// it, the network returns and the server has the order PROCESSING through exactly one request
// (one stored Idempotency-Key); the client's history and the admin's All Orders show
// PROCESSING; then Complete.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { OrderHistory } from './pages/ordering-pages.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { aRound, aVolunteer, logInAsVolunteer, tomorrowAt } from './pages/volunteer-seed.ts';
import { answerConfirmation } from './helpers/confirm.ts';

const QUEUED = 'Saved — will send when online';

const e2e = useE2e();
const db = () => e2e.server.db;

async function statusOf(orderId: number): Promise<string> {
  const row = await db()
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

/** The writes the server stored for the order's status route: one per action that ran. */
async function statusWrites(orderId: number) {
  const rows = await db()
    .selectFrom('idempotency_keys')
    .select(['status_code', 'reply_json'])
    .where('method', '=', 'PUT')
    .where('path', '=', `/api/orders/${orderId}/status`)
    .orderBy('created_at')
    .execute();
  return rows.map((r) => [
    r.status_code,
    (JSON.parse(r.reply_json) as { message: string }).message,
  ]);
}

async function historyStatus(page: Page, orderId: number, status: string): Promise<void> {
  const history = new OrderHistory(page);
  await history.goto();
  await shown(history.order(orderId).getByText(status, { exact: true }));
}

describe('Start delivery', () => {
  it('is queued offline, reaches the server once, shows PROCESSING to everyone, then Complete', async () => {
    const client = await aClient(e2e.server);
    const round = await aRound(db(), tomorrowAt(10));
    const orderId = await createOrderOnRound(db(), round.id, {
      userId: client.id,
      deliveryAddress: 'Bus shelter on 5th',
    });
    const me = await aVolunteer(db(), 'petra');
    await createSignup(db(), round.id, me.id);

    const { page, context, errors } = await e2e.open(PHONE);
    const dashboard = await logInAsVolunteer(page, me.username);
    const order = dashboard.assignedOrder(orderId);
    await shown(order.root);
    await controlledByWorker(page);
    await shown(order.button('Start delivery'));
    await screenshot(page, 'volunteer-start-delivery-offered-phone');

    // No signal: the volunteer takes the order; it shows at once and waits.
    await context.setOffline(true);
    const bar = new OfflineStatusBar(page);
    await shown(bar.offlineBadge);
    await order.button('Start delivery').click();
    await answerConfirmation(page, 'Start delivery');
    await shown(order.root.getByText('Processing', { exact: true }));
    await shown(order.pending.getByText(QUEUED, { exact: true }));
    await gone(order.button('Start delivery'));
    await shown(order.button('Complete'));
    await shown(bar.pendingCount('1 change waiting'));
    await screenshot(page, 'volunteer-start-delivery-queued-phone');
    expect(await statusOf(orderId)).toBe('PENDING');

    // Reloaded with no signal: still taken, still waiting.
    await page.reload();
    await shown(bar.offlineBadge);
    await shown(order.root.getByText('Processing', { exact: true }));
    await shown(order.pending.getByText(QUEUED, { exact: true }));

    // The network returns: the server has it once.
    await context.setOffline(false);
    await expect.poll(() => statusOf(orderId), { timeout: 20_000 }).toBe('PROCESSING');
    await gone(bar.anyPendingCount, 20_000);
    await gone(order.pending);
    await shown(order.root.getByText('Processing', { exact: true }));
    expect(await statusWrites(orderId)).toEqual([[200, 'Delivery started.']]);
    await screenshot(page, 'volunteer-start-delivery-synced-phone');

    // The client and the admin see PROCESSING.
    const clientTab = await e2e.open(PHONE);
    await logInAsClient(clientTab.page, client);
    await historyStatus(clientTab.page, orderId, 'PROCESSING');
    await screenshot(clientTab.page, 'order-history-processing-phone');
    const adminTab = await e2e.open(PHONE);
    await logInAsAdmin(adminTab.page, await anAdmin(e2e.server));
    const allOrders = new AdminOrdersPage(adminTab.page);
    await allOrders.goto();
    await shown(allOrders.rows(orderId).getByRole('cell', { name: 'PROCESSING', exact: true }));
    await shown(allOrders.cancel(orderId));
    await screenshot(adminTab.page, 'admin-orders-processing-phone');

    // Then Complete, online.
    await order.button('Complete').click();
    await answerConfirmation(order.root.page(), 'Mark completed');
    await expect.poll(() => statusOf(orderId), { timeout: 20_000 }).toBe('COMPLETED');
    await dashboard.expand(dashboard.completed);
    await shown(dashboard.completedOrder(orderId).root.getByText('Completed', { exact: true }));
    expect(await statusWrites(orderId)).toEqual([
      [200, 'Delivery started.'],
      [200, 'Order marked as completed.'],
    ]);
    await historyStatus(clientTab.page, orderId, 'COMPLETED');

    for (const tab of [errors, clientTab.errors, adminTab.errors]) {
      expect(
        tab.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
      ).toEqual([]);
    }
  });
});
