// All Orders (spec section 2 "Admin orders", sections 4, 8 and 9): a row per order item, the
// PENDING / COMPLETED / CANCELLED filters (PENDING by default), Cancel only for open orders,
// moving an order to another round, and the inline 'Error:' / alert failure paths.
import { describe, expect, it } from 'vitest';
import { createOrderOnRound, createTestRound } from '../support/factories.ts';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { AdminHomePage, anAdmin, logInAsAdmin, nextDialog } from './pages/admin-home-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { answerConfirmation } from './helpers/confirm.ts';

const e2e = useE2e();
const DAY = 24 * 60 * 60 * 1000;

async function roundOf(orderId: number): Promise<number | null> {
  const row = await e2e.server.db
    .selectFrom('orders')
    .select('round_id')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.round_id;
}

describe('all orders', () => {
  it('shows 100 orders at a time, newest first, and loads the rest on demand', async () => {
    const { db } = e2e.server;
    const ids: number[] = [];
    for (let i = 0; i < 105; i += 1) {
      ids.push(await createOrderOnRound(db, null, { status: 'COMPLETED' }));
    }
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, admin);
    const orders = new AdminOrdersPage(page);
    await orders.goto();
    await orders.filter('COMPLETED').click();
    // The newest first: the last one made is on the first page, the first one made is not.
    await shown(orders.rows(ids[104] ?? 0));
    expect(await orders.orderCount()).toBe(100);
    expect(await orders.rows(ids[0] ?? 0).count()).toBe(0);
    await orders.loadMore.click();
    await shown(orders.rows(ids[0] ?? 0));
    expect(await orders.orderCount()).toBe(105);
    await gone(orders.loadMore);
    expect(errors).toEqual([]);
  });

  it('filters, cancels open orders and moves them between rounds', async () => {
    const { db } = e2e.server;
    const soon = await createTestRound(db, { startsInMs: DAY });
    const later = await createTestRound(db, { startsInMs: 3 * DAY });
    const twoItems = await createOrderOnRound(db, soon, {
      items: [
        { itemName: 'Socks (L)', quantity: 7 },
        { itemName: 'Blanket', quantity: 9 },
      ],
      deliveryAddress: '1 Harbour Street',
      notes: 'Leave at the door',
    });
    const toCancel = await createOrderOnRound(db, null, { deliveryAddress: '2 Bridge Road' });
    const processing = await createOrderOnRound(db, soon, { status: 'PROCESSING' });
    const completed = await createOrderOnRound(db, soon, { status: 'COMPLETED' });
    const admin = await anAdmin(e2e.server);
    const { page, errors } = await e2e.open(DESKTOP);
    const home = await logInAsAdmin(page, admin);
    await home.waitForCount('New orders', 2);

    await home.card('All Orders').click();
    const orders = new AdminOrdersPage(page);
    await shown(orders.heading);
    expect(await orders.filter('PENDING').getAttribute('aria-pressed')).toBe('true');
    await shown(orders.rows(twoItems));
    // One row per item, the order's fields on each, its actions once.
    expect(await orders.rows(twoItems).count()).toBe(2);
    const first = (await orders.rows(twoItems).first().textContent()) ?? '';
    for (const text of ['PENDING', 'Socks (L)', '7', '1 Harbour Street', '5559876543']) {
      expect(first).toContain(text);
    }
    expect(first).toContain('Leave at the door');
    expect(await orders.rows(twoItems).nth(1).textContent()).toContain('Blanket');
    expect(await orders.cancel(twoItems).count()).toBe(1);
    // PROCESSING is open too: listed under PENDING, with Cancel.
    expect(await orders.rows(processing).textContent()).toContain('PROCESSING');
    expect(await orders.cancel(processing).count()).toBe(1);
    expect(await orders.rows(completed).count()).toBe(0);
    await screenshot(page, 'admin-orders-desktop');

    await orders.cancel(toCancel).click();
    await answerConfirmation(page, 'Cancel order');
    await gone(orders.rows(toCancel));
    expect(await orders.notice.textContent()).toBe('Order cancelled.');

    // Moving to another upcoming round, then to none.
    expect(await orders.roundSelect(twoItems).inputValue()).toBe(String(soon));
    await orders.roundSelect(twoItems).selectOption(String(later));
    await shown(page.getByRole('main').getByText('Order moved.', { exact: true }));
    expect(await roundOf(twoItems)).toBe(later);
    await orders.roundSelect(twoItems).selectOption('');
    await shown(page.getByText('Order removed from its round.', { exact: true }));
    expect(await roundOf(twoItems)).toBeNull();

    await orders.filter('CANCELLED').click();
    await shown(orders.rows(toCancel));
    expect(await orders.rows(twoItems).count()).toBe(0);
    expect(await orders.cancel(toCancel).count()).toBe(0);
    await orders.filter('COMPLETED').click();
    await shown(orders.rows(completed));
    expect(await orders.cancel(completed).count()).toBe(0);
    expect(await orders.roundSelect(completed).count()).toBe(0);

    // The admin home counts one new order fewer.
    await orders.goBack.click();
    await new AdminHomePage(page).waitForCount('New orders', 1);
    expect(errors).toEqual([]);
  });

  it("alerts the server's refusal and shows load failures inline", async () => {
    const { db } = e2e.server;
    const orderId = await createOrderOnRound(db, null, { deliveryAddress: '9 Late Lane' });
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const orders = new AdminOrdersPage(page);
    await orders.goto();
    await shown(orders.rows(orderId));

    // A card per row on a phone: neither the table's box nor the page scrolls sideways.
    const region = page.getByRole('region', { name: 'Orders' });
    const sizes = await region.evaluate((box) => [box.scrollWidth, box.clientWidth]);
    expect(sizes[0]).toBeLessThanOrEqual(sizes[1] ?? 0);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      PHONE.width,
    );
    await screenshot(page, 'admin-orders-phone');

    // Someone else cancelled it meanwhile: the server says so in an alert.
    await db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', orderId).execute();
    const alert = nextDialog(page);
    await orders.cancel(orderId).click();
    await answerConfirmation(page, 'Cancel order');
    expect(await alert).toMatch(/cancel/i);
    await gone(orders.rows(orderId));

    await page.route('**/api/orders/all*', (route) =>
      route.fulfill({
        status: 500,
        contentType: 'application/json',
        body: JSON.stringify({ status: 'error', message: 'The database is down', error: 'X' }),
      }),
    );
    await orders.refresh.click();
    const error = page.getByRole('main').getByRole('alert');
    await shown(error);
    expect(await error.textContent()).toBe('Error: The database is down');
  });
});
