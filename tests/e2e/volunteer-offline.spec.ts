// The volunteer dashboard with no signal (issue 5 "Show"; DESIGN.md offline rules 2, 3 and 7),
// on the production build and its service worker against the real server: the dashboard opens
// from the device after a reload offline; two completions and a sign-up made offline show as
// queued, survive closing the app and reopening it offline, and reach the server exactly once
// when the network returns. The sign-up lost the round's last slot meanwhile, so it comes back
// WAITLISTED: a light yellow card and a notice.
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createUser } from '../support/e2e-server.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { LIGHT_YELLOW, VolunteerDashboard } from './pages/volunteer-dashboard.ts';
import {
  aRound,
  aVolunteer,
  logInAsVolunteer,
  signupsOf,
  tomorrowAt,
} from './pages/volunteer-seed.ts';
import { answerConfirmation } from './helpers/confirm.ts';

const QUEUED = 'Saved — will send when online';

const e2e = useE2e();
const db = () => e2e.server.db;

async function statusesOf(orderIds: number[]) {
  const rows = await db()
    .selectFrom('orders')
    .select(['id', 'status'])
    .where('id', 'in', orderIds)
    .orderBy('id')
    .execute();
  return rows.map((r) => r.status);
}

describe('the volunteer dashboard offline', () => {
  it('queues two completions and a sign-up offline, keeps them over a restart and sends each once', async () => {
    const { page, context, errors } = await e2e.open(PHONE);
    const mine = await aRound(db(), tomorrowAt(10));
    const open = await aRound(db(), tomorrowAt(15), { maxParticipants: 1 });
    const orders = [
      await createOrderOnRound(db(), mine.id, { deliveryAddress: 'Bus shelter on 5th' }),
      await createOrderOnRound(db(), mine.id, { deliveryAddress: 'Under the bridge' }),
    ];
    const me = await aVolunteer(db(), 'olga');
    const other = await createUser(db(), { role: 'VOLUNTEER' });
    await createSignup(db(), mine.id, me.id);

    let dashboard = await logInAsVolunteer(page, me.username);
    await shown(dashboard.assignedOrder(orders[1]!).root);
    await controlledByWorker(page);
    await shown(dashboard.assignedOrder(orders[1]!).root);
    await shown(dashboard.upcomingRound(mine.title).root);

    // No network: the dashboard still opens after a reload, from the device.
    await context.setOffline(true);
    await page.reload();
    const bar = new OfflineStatusBar(page);
    await shown(bar.offlineBadge);
    await shown(dashboard.assignedOrder(orders[0]!).root);
    await shown(dashboard.upcomingRound(mine.title).root);

    for (const orderId of orders) {
      await dashboard.assignedOrder(orderId).button('Complete').click();
      await answerConfirmation(page, 'Mark completed');
      await shown(
        dashboard.assigned.getByText(`Complete order ${orderId} — ${QUEUED}`, { exact: true }),
      );
    }
    const dayModal = await dashboard.pickDay(tomorrowAt(15));
    await dayModal.card(open.title).button('Sign Up').click();
    await shown(dayModal.card(open.title).pending.getByText(QUEUED, { exact: true }));
    await dayModal.button('Close').click();
    await gone(dayModal.root);
    const queuedCard = dashboard.upcomingRound(open.title);
    await shown(queuedCard.pending.getByText(QUEUED, { exact: true }));
    await shown(bar.pendingCount('3 changes waiting'));
    await screenshot(page, 'volunteer-offline-queued-phone');
    expect(await statusesOf(orders)).toEqual(['PENDING', 'PENDING']);
    expect(await signupsOf(db(), open.id)).toEqual([]);

    // Someone else takes the last slot while this device is offline.
    await createSignup(db(), open.id, other.id);

    // The app is closed and opened again, still offline: everything is still queued.
    await page.close();
    const reopened = await context.newPage();
    await reopened.goto('/');
    dashboard = new VolunteerDashboard(reopened);
    const reBar = new OfflineStatusBar(reopened);
    await shown(reBar.offlineBadge);
    await shown(reBar.pendingCount('3 changes waiting'));
    for (const orderId of orders) {
      await shown(
        dashboard.assigned.getByText(`Complete order ${orderId} — ${QUEUED}`, { exact: true }),
      );
    }
    await shown(dashboard.upcomingRound(open.title).pending.getByText(QUEUED, { exact: true }));

    // The network returns: each reaches the server exactly once.
    await context.setOffline(false);
    await expect
      .poll(() => statusesOf(orders), { timeout: 20_000 })
      .toEqual(['COMPLETED', 'COMPLETED']);
    await expect
      .poll(() => signupsOf(db(), open.id), { timeout: 20_000 })
      .toEqual([
        { user_id: other.id, status: 'CONFIRMED' },
        { user_id: me.id, status: 'WAITLISTED' },
      ]);
    await gone(reBar.anyPendingCount, 20_000);
    await shown(
      reopened.getByText(`Sign up: ${open.title} — The round is full: you are on the waitlist.`, {
        exact: true,
      }),
    );
    const waitlisted = dashboard.upcomingRound(open.title);
    await shown(waitlisted.root.getByText('Waitlisted', { exact: true }));
    expect(await waitlisted.signupStatus()).toBe('WAITLISTED');
    expect(await waitlisted.background()).toBe(LIGHT_YELLOW);
    await dashboard.expand(dashboard.completed);
    for (const orderId of orders) {
      await shown(dashboard.completedOrder(orderId).root.getByText('Completed', { exact: true }));
    }
    await screenshot(reopened, 'volunteer-offline-synced-waitlisted-phone');

    expect(await statusesOf(orders)).toEqual(['COMPLETED', 'COMPLETED']);
    expect(await signupsOf(db(), open.id)).toHaveLength(2);
    expect(await signupsOf(db(), mine.id)).toEqual([{ user_id: me.id, status: 'CONFIRMED' }]);
    expect(
      errors.filter((e) => !/ERR_INTERNET_DISCONNECTED|Failed to load resource/.test(e)),
    ).toEqual([]);
  });
});
