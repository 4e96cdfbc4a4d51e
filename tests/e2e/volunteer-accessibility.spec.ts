// The volunteer's screens (spec section 2 "Volunteer dashboard", "Volunteer cargo page"; issue
// 7 item 6) on a phone, with data in every panel: axe's WCAG 2.1 A/AA rules find nothing on the
// dashboard (past and completed panels open), the calendar, 'Rounds on the date' (with rounds
// and without), the round detail and 'Order Full Details' modals, and /cargo_volunteer; Tab
// reaches every control, the calendar answers arrow keys, and each modal takes focus, traps it
// and gives it back to the control that opened it.
import { describe, expect, it } from 'vitest';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createCatalogueItem, createOrderOnRound, createSignup } from '../support/factories.ts';
import { AxeLog } from './helpers/axe.ts';
import { useE2e } from './helpers/harness.ts';
import {
  checkDialogKeyboard,
  isFocused,
  tabThroughPage,
  WELL_BEHAVED,
} from './helpers/keyboard.ts';
import { gone, shown } from './helpers/waits.ts';
import { control } from './pages/controls.ts';
import { Dialog, type VolunteerDashboard } from './pages/volunteer-dashboard.ts';
import { aRound, aVolunteer, logInAsVolunteer, noonIn } from './pages/volunteer-seed.ts';

const e2e = useE2e();
const db = () => e2e.server.db;

interface VolunteerWorld {
  username: string;
  confirmed: { day: Date; title: string };
  pendingOrderId: number;
}

/**
 * A volunteer confirmed on tomorrow's round (one pending and one completed order on it),
 * waitlisted on another, and with a past round: every panel of the dashboard has a card.
 */
async function aBusyVolunteer(): Promise<VolunteerWorld> {
  const { id, username } = await aVolunteer(db(), 'vola');
  const day = noonIn(1);
  const confirmed = await aRound(db(), day);
  await createSignup(db(), confirmed.id, id, 'CONFIRMED');
  const pendingOrderId = await createOrderOnRound(db(), confirmed.id, {
    items: [{ itemName: 'Gauze roll', quantity: 2 }],
  });
  await createOrderOnRound(db(), confirmed.id, { status: 'COMPLETED' });
  const waitlisted = await aRound(db(), noonIn(2));
  await createSignup(db(), waitlisted.id, id, 'WAITLISTED');
  const past = await aRound(db(), noonIn(-3), { status: 'COMPLETED' });
  await createSignup(db(), past.id, id, 'CONFIRMED');
  return { username, confirmed: { day, title: confirmed.title }, pendingOrderId };
}

async function expandBoth(dashboard: VolunteerDashboard): Promise<void> {
  await dashboard.expand(dashboard.pastRounds);
  await dashboard.expand(dashboard.completed);
  await shown(dashboard.pastRounds.getByRole('article').first());
  await shown(dashboard.completed.getByRole('article').first());
}

describe('volunteer accessibility (axe)', () => {
  it('dashboard, calendar, the three modals and the cargo page', async () => {
    const { page } = await e2e.open(PHONE);
    await createCatalogueItem(db(), { name: 'Blankets', quantity: 3 });
    const world = await aBusyVolunteer();
    const dashboard = await logInAsVolunteer(page, world.username);
    const card = dashboard.upcomingRound(world.confirmed.title);
    await shown(card.root);
    await shown(dashboard.assignedOrder(world.pendingOrderId).root);
    const axe = new AxeLog(page);
    await axe.scan('dashboard');
    await expandBoth(dashboard);
    await axe.scan('dashboard with past rounds and completed orders open');

    const dayModal = await dashboard.pickDay(world.confirmed.day);
    await shown(dayModal.card(world.confirmed.title).root);
    await axe.scan('Rounds on the date');
    await dayModal.button('Close').click();
    await gone(dayModal.root);
    const empty = await dashboard.pickDay(noonIn(5));
    await shown(empty.root.getByText('No rounds scheduled for this date.'));
    await axe.scan('Rounds on the date, none');
    await empty.button('Close').click();

    await card.button('View Details').click();
    const detail = new Dialog(page, world.confirmed.title);
    await shown(detail.root.getByText('Gauze roll', { exact: false }));
    await axe.scan('round detail');
    await detail.button('Close').click();

    await dashboard.assignedOrder(world.pendingOrderId).button('Open full view').click();
    const full = new Dialog(page, 'Order Full Details');
    await shown(full.root);
    await axe.scan('Order Full Details');
    await full.button('Close').click();

    await control(page.getByRole('banner'), 'Cargo Volunteer').click();
    await shown(page.getByRole('heading', { name: 'Cargo Volunteer Page' }));
    await shown(page.getByText('Blankets'));
    await screenshot(page, 'cargo-volunteer-phone');
    await axe.scan('cargo volunteer page');
    expect(axe.found).toEqual([]);
  });
});

describe('volunteer dashboard by keyboard', () => {
  it('Tab reaches every control; arrow keys move through the calendar', async () => {
    const { page } = await e2e.open(PHONE);
    const world = await aBusyVolunteer();
    const dashboard = await logInAsVolunteer(page, world.username);
    await shown(dashboard.assignedOrder(world.pendingOrderId).root);
    await expandBoth(dashboard);
    const walk = await tabThroughPage(page);
    expect(walk.missed).toEqual([]);
    expect(walk.reached.join('\n')).toMatch(/Open full view/);

    // The calendar is one Tab stop; arrows go from day to day.
    const today = dashboard.day(noonIn(0));
    await today.focus();
    await page.keyboard.press('ArrowRight');
    expect(await isFocused(dashboard.day(noonIn(1)))).toBe(true);
  });

  it('each modal takes focus, keeps it and gives it back', async () => {
    const { page } = await e2e.open(PHONE);
    const world = await aBusyVolunteer();
    const dashboard = await logInAsVolunteer(page, world.username);
    const card = dashboard.upcomingRound(world.confirmed.title);
    await shown(card.root);

    const day = dashboard.day(world.confirmed.day);
    if ((await day.count()) === 0) {
      await dashboard.calendar.getByRole('button', { name: 'Go to the Next Month' }).click();
    }
    const dayModal = new Dialog(page, 'Rounds on the date');
    expect(await checkDialogKeyboard(day, dayModal.root)).toEqual(WELL_BEHAVED);

    const detail = new Dialog(page, world.confirmed.title);
    expect(await checkDialogKeyboard(card.button('View Details'), detail.root)).toEqual(
      WELL_BEHAVED,
    );

    const order = dashboard.assignedOrder(world.pendingOrderId);
    const full = new Dialog(page, 'Order Full Details');
    expect(await checkDialogKeyboard(order.button('Open full view'), full.root)).toEqual(
      WELL_BEHAVED,
    );
    // The main action from the keyboard: Complete asks first (focus on the safe choice), Tab
    // reaches the action, and the order moves under Completed Orders.
    await order.button('Complete').focus();
    await page.keyboard.press('Enter');
    const question = page.getByRole('alertdialog');
    await shown(question);
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Not yet');
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.textContent)).toBe('Mark completed');
    await page.keyboard.press('Enter');
    await gone(question);
    await gone(order.root);
    await dashboard.expand(dashboard.completed);
    await shown(dashboard.completedOrder(world.pendingOrderId).root);
  });
});
