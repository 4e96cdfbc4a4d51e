// Issue 20 items 2 and 5 in real Chromium on the production build against the real server:
// each destructive action asks first (an alert dialog naming the thing, ui/native-dialog.tsx:
// focus on the safe choice, Escape keeps, focus back to the button), keeping changes nothing in
// the database, confirming does it, and the result is said in the app's polite live region. A
// client whose order the team cancelled sees it under "Cancelled", "cancelled by the team", and
// is told once.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { DESKTOP, PHONE } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { announced, answerConfirmation, confirmation, statusRegion } from './helpers/confirm.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminApplicationsPage } from './pages/admin-lists-page.ts';
import { AdminOrdersPage } from './pages/admin-orders-page.ts';
import { anApplication } from './pages/admin-seed.ts';
import { OrderHistory } from './pages/ordering-pages.ts';
import { Dialog } from './pages/volunteer-dashboard.ts';
import {
  aRound,
  aVolunteer,
  logInAsVolunteer,
  signupsOf,
  tomorrowAt,
} from './pages/volunteer-seed.ts';

const e2e = useE2e();
const db = () => e2e.server.db;
const SHOTS = '/tmp/shots/h6';

async function orderState(orderId: number) {
  return db()
    .selectFrom('orders')
    .select(['status', 'cancelled_by'])
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
}

async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => document.activeElement?.textContent ?? '');
}

async function shot(page: Page, name: string): Promise<void> {
  await page.screenshot({ path: `${SHOTS}/${name}.png` });
}

describe('confirmations and status news', () => {
  it('client: Cancel Order asks, Escape and "Keep order" change nothing, confirming cancels and says so', async () => {
    const client = await aClient(e2e.server);
    const orderId = await createOrderOnRound(db(), null, { userId: client.id });
    const { page, errors } = await e2e.open(PHONE);
    await logInAsClient(page, client);
    const history = new OrderHistory(page);
    await history.goto();
    const card = history.order(orderId);
    const cancel = card.getByRole('button', { name: 'Cancel Order' });

    await cancel.click();
    const dialog = confirmation(page);
    await shown(dialog.getByText(`Cancel order #${orderId}?`));
    // Focus starts on the safe choice.
    expect(await focusedText(page)).toBe('Keep order');
    await shot(page, 'client-cancel-confirm-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    await page.keyboard.press('Escape');
    await gone(dialog);
    // Focus is back on the button that asked.
    expect(await focusedText(page)).toBe('Cancel Order');
    expect((await orderState(orderId)).status).toBe('PENDING');

    await cancel.click();
    await answerConfirmation(page, 'Keep order');
    await shown(card);
    expect((await orderState(orderId)).status).toBe('PENDING');

    await cancel.click();
    await answerConfirmation(page, 'Cancel order');
    await gone(card);
    await announced(page, `Order #${orderId} cancelled`);
    await shot(page, 'client-cancel-announced-phone');
    await expect
      .poll(async () => orderState(orderId))
      .toEqual({ status: 'CANCELLED', cancelled_by: client.id });
    // The client's own cancel: listed under "Cancelled", by you, and no notice.
    const section = page.getByRole('region', { name: 'Cancelled' });
    await shown(section.getByRole('article', { name: `Cancelled order #${orderId}` }));
    await shown(section.getByText('Cancelled by you'));
    expect(await page.getByText('was cancelled by the team').count()).toBe(0);
    expect(errors).toEqual([]);
  });

  it('client offline: the cancel is announced as waiting to be sent', async () => {
    const client = await aClient(e2e.server);
    const orderId = await createOrderOnRound(db(), null, { userId: client.id });
    const { page, context } = await e2e.open(PHONE);
    await logInAsClient(page, client);
    const history = new OrderHistory(page);
    await history.goto();
    await shown(history.order(orderId));
    await context.setOffline(true);
    await history.order(orderId).getByRole('button', { name: 'Cancel Order' }).click();
    await answerConfirmation(page, 'Cancel order');
    await announced(page, `Saved — will send when online: cancel order #${orderId}`);
    expect((await orderState(orderId)).status).toBe('PENDING');
    await context.setOffline(false);
    await expect
      .poll(async () => (await orderState(orderId)).status, { timeout: 20_000 })
      .toBe('CANCELLED');
  });

  it('admin cancels a client order: asked first; the client sees it under Cancelled, told once', async () => {
    const client = await aClient(e2e.server);
    const orderId = await createOrderOnRound(db(), null, {
      userId: client.id,
      deliveryAddress: '12 Canal Walk',
    });
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(DESKTOP);
    await logInAsAdmin(page, admin);
    const orders = new AdminOrdersPage(page);
    await orders.goto();
    await orders.cancel(orderId).click();
    await shown(confirmation(page).getByText(`Cancel order #${orderId}?`));
    expect(await focusedText(page)).toBe('Keep order');
    await shot(page, 'admin-cancel-confirm-desktop');
    expect(await accessibilityViolations(page)).toEqual([]);
    await answerConfirmation(page, 'Keep order');
    expect((await orderState(orderId)).status).toBe('PENDING');
    await orders.cancel(orderId).click();
    await answerConfirmation(page, 'Cancel order');
    await gone(orders.rows(orderId));
    await announced(page, `Order #${orderId} cancelled`);
    expect(await orderState(orderId)).toEqual({ status: 'CANCELLED', cancelled_by: admin.id });

    for (const viewport of [PHONE, DESKTOP]) {
      const { page: mine } = await e2e.open(viewport);
      await logInAsClient(mine, client);
      const history = new OrderHistory(mine);
      await history.goto();
      const notice = mine.getByText(`Order #${orderId} was cancelled by the team.`);
      const section = mine.getByRole('region', { name: 'Cancelled' });
      const card = section.getByRole('article', { name: `Cancelled order #${orderId}` });
      await shown(card);
      await shown(card.getByText('Cancelled by the team'));
      await shown(card.getByText('12 Canal Walk'));
      // The admin is never named.
      expect(await mine.getByText(admin.username).count()).toBe(0);
      const size = viewport === PHONE ? 'phone' : 'desktop';
      if (viewport === PHONE) {
        // Told once: the notice, until dismissed; not again after a reload.
        await shown(notice);
        await shot(mine, `client-team-cancel-notice-${size}`);
        expect(await accessibilityViolations(mine)).toEqual([]);
        await mine.getByRole('button', { name: 'Dismiss' }).click();
        await gone(notice);
        await mine.reload();
        await shown(card);
        expect(await notice.count()).toBe(0);
      } else {
        // Another device tells it again (remembered per device).
        await shown(notice);
        await card.scrollIntoViewIfNeeded();
        await shot(mine, `client-cancelled-section-${size}`);
      }
    }
  });

  it('volunteer: Start delivery, Complete and Cancel Signup ask first; keeping changes nothing', async () => {
    const client = await aClient(e2e.server);
    const round = await aRound(db(), tomorrowAt(10));
    const orderId = await createOrderOnRound(db(), round.id, { userId: client.id });
    const me = await aVolunteer(db(), 'vera');
    await createSignup(db(), round.id, me.id);
    const { page, errors } = await e2e.open(PHONE);
    const dashboard = await logInAsVolunteer(page, me.username);
    const order = dashboard.assignedOrder(orderId);
    await shown(order.root);
    await order.root.scrollIntoViewIfNeeded();
    await shot(page, 'volunteer-order-card-phone');
    // Complete is not right under "Open full view": beside it, or a clear gap below.
    const open = await order.button('Open full view').boundingBox();
    const complete = await order.button('Complete').boundingBox();
    if (open === null || complete === null) throw new Error('buttons not laid out');
    const beside = complete.x >= open.x + open.width || complete.x + complete.width <= open.x;
    const gapBelow = complete.y - (open.y + open.height);
    expect(beside || gapBelow >= 24).toBe(true);

    await order.button('Start delivery').click();
    await shown(confirmation(page).getByText(`Start delivering order #${orderId}?`));
    expect(await focusedText(page)).toBe('Not yet');
    await answerConfirmation(page, 'Not yet');
    expect((await orderState(orderId)).status).toBe('PENDING');
    await order.button('Start delivery').click();
    await answerConfirmation(page, 'Start delivery');
    await announced(page, `Order #${orderId}: delivery started`);
    await expect.poll(async () => (await orderState(orderId)).status).toBe('PROCESSING');

    await order.button('Complete').click();
    await shown(confirmation(page).getByText(`Mark order #${orderId} as delivered?`));
    await shot(page, 'volunteer-complete-confirm-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    await answerConfirmation(page, 'Not yet');
    expect((await orderState(orderId)).status).toBe('PROCESSING');
    await order.button('Complete').click();
    await answerConfirmation(page, 'Mark completed');
    await gone(order.root);
    await announced(page, `Order #${orderId} completed — it moved to Completed Orders`);
    await expect.poll(async () => (await orderState(orderId)).status).toBe('COMPLETED');

    const card = dashboard.upcomingRound(round.title);
    await card.button('View Details').click();
    const detail = new Dialog(page, round.title);
    await shown(detail.root);
    await detail.button('Cancel Signup').click();
    await shown(confirmation(page).getByText(`Cancel your sign-up for "${round.title}"?`));
    await answerConfirmation(page, 'Keep my place');
    // Focus returns to the button inside the round's dialog, which stays open.
    expect(await focusedText(page)).toBe('Cancel Signup');
    expect(await signupsOf(db(), round.id)).toEqual([{ user_id: me.id, status: 'CONFIRMED' }]);
    await detail.button('Cancel Signup').click();
    await answerConfirmation(page, 'Cancel sign-up');
    await gone(detail.root);
    await announced(
      page,
      `Sign-up for "${round.title}" cancelled — the round left My Upcoming Rounds`,
    );
    await expect
      .poll(async () => (await signupsOf(db(), round.id)).map((s) => s.status))
      .toEqual(['CANCELLED']);
    expect(errors).toEqual([]);
  });

  it('admin: Reject of an application asks first; keeping leaves it pending', async () => {
    const app = await anApplication(db(), { firstName: 'Kim', lastName: 'Ode' });
    const admin = await anAdmin(e2e.server);
    const { page } = await e2e.open(PHONE);
    await logInAsAdmin(page, admin);
    const applications = new AdminApplicationsPage(page);
    await applications.goto();
    await shown(applications.row('Pending', app.email));
    const status = async () =>
      (
        await db()
          .selectFrom('volunteer_applications')
          .select('status')
          .where('id', '=', app.id)
          .executeTakeFirstOrThrow()
      ).status;
    await applications.action(app.email, 'Reject').click();
    await shown(confirmation(page).getByText('Reject the application of Kim Ode?'));
    await shot(page, 'admin-reject-confirm-phone');
    await answerConfirmation(page, 'Keep it pending');
    expect(await status()).toBe('PENDING');
    await applications.action(app.email, 'Reject').click();
    await answerConfirmation(page, 'Reject application');
    await shown(applications.row('Rejected', app.email));
    expect(await status()).toBe('REJECTED');
    expect(await statusRegion(page).textContent()).not.toBe('');
  });
});
