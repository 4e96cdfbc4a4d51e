// Addresses shown only when needed (issue 16 "Show"; beyond-spec.md section 2), on the
// production build against the real server with the default window (ADDRESS_REVEAL_HOURS 24):
// a volunteer sees "Address shown from <local time>" on an order of a round three days ahead
// and the address of one two hours ahead; an order whose personal data the retention sweep
// removed says "Personal details removed after delivery" on every screen that lists orders
// (the client's history, the volunteer's Completed Orders and round detail, the admin's All
// Orders), and no screen shows "null".
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { createOrderOnRound, createSignup, createTestRound } from '../support/factories.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { OrderHistory } from './pages/ordering-pages.ts';
import { Dialog } from './pages/volunteer-dashboard.ts';
import { aVolunteer, logInAsVolunteer, titleOf } from './pages/volunteer-seed.ts';

const e2e = useE2e();
const db = () => e2e.server.db;
const HOUR = 60 * 60 * 1000;
const DAY = 24 * HOUR;
const REMOVED = 'Personal details removed after delivery';

/** An instant as the app writes it for the volunteer: the browser's own medium/short style. */
function localTime(page: Page, iso: string): Promise<string> {
  return page.evaluate(
    (at) =>
      new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' }).format(
        new Date(at),
      ),
    iso,
  );
}

/** A COMPLETED order whose last change is older than RETENTION_DAYS, then the real sweep. */
async function purgedOrder(roundId: number, userId: number): Promise<number> {
  const orderId = await createOrderOnRound(db(), roundId, {
    userId,
    status: 'COMPLETED',
    deliveryAddress: '3 Forgotten Row',
    phoneNumber: '5550007777',
    notes: 'Gone by now',
  });
  const longAgo = new Date(Date.now() - 40 * DAY).toISOString();
  await db().updateTable('orders').set({ updated_at: longAgo }).where('id', '=', orderId).execute();
  const purged = await e2e.server.app.retentionSweeper.run(null);
  expect(purged.orders).toBeGreaterThanOrEqual(1);
  return orderId;
}

describe('the address window', () => {
  it('shows a volunteer when an address will show, and the address inside the window', async () => {
    const far = await createTestRound(db(), { startsInMs: 3 * DAY });
    const near = await createTestRound(db(), { startsInMs: 2 * HOUR });
    const volunteer = await aVolunteer(db(), 'wendy');
    await createSignup(db(), far, volunteer.id);
    await createSignup(db(), near, volunteer.id);
    const later = await createOrderOnRound(db(), far, {
      deliveryAddress: '44 Future Street',
      phoneNumber: '5554440000',
      notes: 'Side gate',
    });
    const now = await createOrderOnRound(db(), near, {
      deliveryAddress: 'Under the 9th St bridge',
    });
    const farStart = await db()
      .selectFrom('rounds')
      .select('start_time')
      .where('id', '=', far)
      .executeTakeFirstOrThrow();
    const shownFrom = new Date(Date.parse(farStart.start_time) - DAY).toISOString();

    const { page, errors } = await e2e.open(PHONE);
    const dashboard = await logInAsVolunteer(page, volunteer.username);
    const hiddenCard = dashboard.assignedOrder(later);
    const text = `Address shown from ${await localTime(page, shownFrom)}`;
    await shown(hiddenCard.root);
    expect(await hiddenCard.value('Delivery Address').textContent()).toBe(text);
    const shownCard = dashboard.assignedOrder(now);
    expect(await shownCard.value('Delivery Address').textContent()).toBe('Under the 9th St bridge');
    await hiddenCard.root.scrollIntoViewIfNeeded();
    await screenshot(page, 'address-window-cards-phone');

    await hiddenCard.button('Open full view').click();
    const full = new Dialog(page, 'Order Full Details');
    await shown(full.root);
    expect(await full.value('Delivery Address').textContent()).toBe(text);
    expect(await full.value('Phone Number').textContent()).toBe('—');
    expect(await full.value('Notes').textContent()).toBe('—');
    await screenshot(page, 'address-window-detail-phone');
    await full.button('Close').click();
    await gone(full.root);

    await dashboard
      .upcomingRound(await titleOf(db(), far))
      .button('View Details')
      .click();
    const detail = new Dialog(page, await titleOf(db(), far));
    await shown(detail.root.getByText(text, { exact: true }));
    expect(await detail.root.textContent()).not.toContain('44 Future Street');
    await screenshot(page, 'address-window-round-detail-phone');
    expect(await page.locator('body').textContent()).not.toContain('null');
    expect(errors).toEqual([]);
  });

  it('says a purged order’s details were removed on every screen that lists orders', async () => {
    const round = await createTestRound(db(), { startsInMs: 2 * HOUR });
    const client = await aClient(e2e.server, 'purgy');
    const volunteer = await aVolunteer(db(), 'petra');
    await createSignup(db(), round, volunteer.id);
    const orderId = await purgedOrder(round, client.id);

    // The client's own history.
    const asClient = await e2e.open(PHONE);
    await logInAsClient(asClient.page, client);
    const history = new OrderHistory(asClient.page);
    await history.goto();
    await shown(history.order(orderId).getByText(REMOVED, { exact: true }));
    expect(await history.order(orderId).textContent()).not.toContain('null');
    await screenshot(asClient.page, 'purged-order-history-phone');
    expect(asClient.errors).toEqual([]);

    // The volunteer's Completed Orders and the round's detail.
    const asVolunteer = await e2e.open(PHONE);
    const dashboard = await logInAsVolunteer(asVolunteer.page, volunteer.username);
    await dashboard.expand(dashboard.completed);
    const done = dashboard.completedOrder(orderId);
    await shown(done.root);
    expect(await done.value('Delivery Address').textContent()).toBe(REMOVED);
    await done.root.scrollIntoViewIfNeeded();
    await screenshot(asVolunteer.page, 'purged-order-volunteer-phone');
    const title = await titleOf(db(), round);
    await dashboard.upcomingRound(title).button('View Details').click();
    const detail = new Dialog(asVolunteer.page, title);
    await shown(detail.root.getByText(REMOVED, { exact: true }));
    await screenshot(asVolunteer.page, 'purged-order-round-detail-phone');
    expect(await asVolunteer.page.locator('body').textContent()).not.toContain('null');
    expect(asVolunteer.errors).toEqual([]);

    // The admin's All Orders.
    const admin = await anAdmin(e2e.server);
    const asAdmin = await e2e.open(DESKTOP);
    await logInAsAdmin(asAdmin.page, admin);
    const orders = new AdminOrdersPage(asAdmin.page);
    await orders.goto();
    await orders.filter('COMPLETED').click();
    const row = orders.rows(orderId).first();
    await shown(row.getByText(REMOVED, { exact: true }));
    const cells = (await row.textContent()) ?? '';
    expect(cells).not.toContain('null');
    expect(cells).not.toContain('3 Forgotten Row');
    await screenshot(asAdmin.page, 'purged-order-admin-desktop');
    const asAdminPhone = await e2e.open(PHONE);
    await logInAsAdmin(asAdminPhone.page, admin);
    const phoneOrders = new AdminOrdersPage(asAdminPhone.page);
    await phoneOrders.goto();
    await phoneOrders.filter('COMPLETED').click();
    const removedCell = phoneOrders.rows(orderId).first().getByText(REMOVED, { exact: true });
    await shown(removedCell);
    // The table scrolls sideways inside itself on a phone: bring the address column in view.
    await removedCell.scrollIntoViewIfNeeded();
    await screenshot(asAdminPhone.page, 'purged-order-admin-phone');
    expect(asAdmin.errors).toEqual([]);
  });
});
