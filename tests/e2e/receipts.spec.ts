// Receipts (issue 17 item 3) on a phone, on the production build and its service worker
// against the real server: a confirmed volunteer with no signal presses Complete; the order's
// card, moved under Completed Orders at once, says "Waiting to send"; the network returns and
// it says "Sent ✓", also after a reload (the row has left the outbox by then); the server has
// the order COMPLETED through exactly one stored request.
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { aRound, aVolunteer, logInAsVolunteer, tomorrowAt } from './pages/volunteer-seed.ts';
import { answerConfirmation } from './helpers/confirm.ts';

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
async function statusWrites(orderId: number): Promise<number[]> {
  const rows = await db()
    .selectFrom('idempotency_keys')
    .select('status_code')
    .where('method', '=', 'PUT')
    .where('path', '=', `/api/orders/${orderId}/status`)
    .execute();
  return rows.map((r) => r.status_code);
}

describe('receipts', () => {
  it('say Waiting to send offline, then Sent ✓ once the server has the Complete', async () => {
    const round = await aRound(db(), tomorrowAt(10));
    const orderId = await createOrderOnRound(db(), round.id, { deliveryAddress: 'Pier 4' });
    const me = await aVolunteer(db(), 'rosa');
    await createSignup(db(), round.id, me.id);

    const { page, context, errors } = await e2e.open(PHONE);
    const dashboard = await logInAsVolunteer(page, me.username);
    const order = dashboard.assignedOrder(orderId);
    await shown(order.root);
    await controlledByWorker(page);

    await context.setOffline(true);
    const bar = new OfflineStatusBar(page);
    await shown(bar.offlineBadge);
    await order.button('Complete').click();
    await answerConfirmation(page, 'Mark completed');
    await gone(order.root);
    await dashboard.expand(dashboard.completed);
    const completed = dashboard.completedOrder(orderId);
    await shown(completed.root.getByText('Waiting to send', { exact: true }));
    await shown(bar.pendingCount('1 change waiting'));
    await screenshot(page, 'receipt-waiting-phone');
    expect(await statusOf(orderId)).toBe('PENDING');

    await context.setOffline(false);
    await expect.poll(() => statusOf(orderId), { timeout: 20_000 }).toBe('COMPLETED');
    await gone(bar.anyPendingCount, 20_000);
    await gone(completed.root.getByText('Waiting to send', { exact: true }));
    await shown(completed.root.getByText('Sent ✓', { exact: true }), 20_000);
    await screenshot(page, 'receipt-sent-phone');

    // A reload: the outbox row is gone, the receipt is kept on the device for a day.
    await page.reload();
    await dashboard.expand(dashboard.completed);
    await shown(completed.root.getByText('Sent ✓', { exact: true }));
    expect(await statusOf(orderId)).toBe('COMPLETED');
    expect(await statusWrites(orderId)).toEqual([200]);
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
    ).toEqual([]);
  });
});
