// The volunteer dashboard (issue 5 "Show"; spec section 2 "Volunteer dashboard"), on the
// production build against the real server: a volunteer finds a round through the calendar
// (its day highlighted, 'Rounds on the date'), signs up, sees it green in 'My Upcoming
// Rounds', opens 'View Details' and cancels ('Cancel Signup'); and completes an assigned order,
// which moves under 'Completed Orders' with its Completed badge. The database is checked at
// each step.
import { describe, expect, it } from 'vitest';
import { LOGIN_HINT_STORAGE_KEY } from '#client/session/session-user';
import { PHONE, screenshot } from '../support/chromium.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { Dialog, GREEN, VolunteerDashboard } from './pages/volunteer-dashboard.ts';
import { aRound, aVolunteer, logInAsVolunteer, noonIn, signupsOf } from './pages/volunteer-seed.ts';
import { answerConfirmation } from './helpers/confirm.ts';

// Rounds here start at noon tomorrow (12 to 36 hours ahead): a 72-hour address window shows
// their addresses whatever the time of day. The window itself: address-window.spec.ts.
const e2e = useE2e({ addressRevealHours: 72 });
const CATALOGUE = '/api/cargo/items';
/** The lists a volunteer's device mirrors. */
const LISTS = [
  CATALOGUE,
  '/api/rounds/my-rounds',
  '/api/rounds/all',
  '/api/orders/volunteer/assigned',
];
const db = () => e2e.server.db;

async function orderStatus(orderId: number) {
  const row = await db()
    .selectFrom('orders')
    .select('status')
    .where('id', '=', orderId)
    .executeTakeFirstOrThrow();
  return row.status;
}

describe('the volunteer dashboard', () => {
  it('finds a round in the calendar, signs up, sees it confirmed, views it and cancels', async () => {
    const { page, errors } = await e2e.open(PHONE);
    const start = noonIn(1);
    const round = await aRound(db(), start);
    const orderId = await createOrderOnRound(db(), round.id, {
      deliveryAddress: 'Under the 10th St bridge',
      items: [{ itemName: 'Gauze roll', quantity: 2 }],
    });
    const user = await aVolunteer(db(), 'vera');
    const dashboard = await logInAsVolunteer(page, user.username);
    await shown(dashboard.upcoming.getByText('No upcoming rounds yet', { exact: true }));
    await shown(dashboard.calendar.getByRole('button', { name: /rounds scheduled$/ }));
    await screenshot(page, 'volunteer-dashboard-phone');

    // The round's day is highlighted (said in words too), and opens 'Rounds on the date'.
    const dayName = await dashboard.day(start).getAttribute('aria-label');
    expect(dayName).toMatch(/, rounds scheduled$/);
    const dayModal = await dashboard.pickDay(start);
    const inModal = dayModal.card(round.title);
    await shown(inModal.root);
    expect(await inModal.value('Available Slots').textContent()).toBe('5');
    expect(await inModal.value('Already Signed Up?').textContent()).toBe('No');
    await screenshot(page, 'volunteer-date-modal-phone');
    expect(await signupsOf(db(), round.id)).toEqual([]);

    await inModal.button('Sign Up').click();
    await expect
      .poll(() => signupsOf(db(), round.id))
      .toEqual([{ user_id: user.id, status: 'CONFIRMED' }]);
    // Right after signing up it says so; the spec's "already" is for a later visit (issue 20).
    await shown(inModal.root.getByText('You are signed up for this round.', { exact: true }));
    await dayModal.button('Close').click();
    await gone(dayModal.root);
    const reopened = await dashboard.pickDay(start);
    await shown(
      reopened.card(round.title).root.getByText('You are already signed up', { exact: true }),
    );
    await reopened.button('Close').click();
    await gone(reopened.root);

    // Green (CONFIRMED) in My Upcoming Rounds.
    const card = dashboard.upcomingRound(round.title);
    await shown(card.root.getByText('Confirmed', { exact: true }));
    expect(await card.signupStatus()).toBe('CONFIRMED');
    expect(await card.background()).toBe(GREEN);

    await card.button('View Details').click();
    const detail = new Dialog(page, round.title);
    await shown(detail.root);
    await shown(detail.root.getByText('Under the 10th St bridge'));
    expect(await detail.value('Signed Up').textContent()).toBe('Yes');
    expect(await detail.value('Order ID').textContent()).toBe(String(orderId));
    await screenshot(page, 'volunteer-round-detail-phone');

    await detail.button('Cancel Signup').click();
    await answerConfirmation(page, 'Cancel sign-up');
    await gone(detail.root);
    // Kept for the record, CANCELLED (beyond-spec.md section 2); gone from the volunteer's lists.
    await expect
      .poll(() => signupsOf(db(), round.id))
      .toEqual([{ user_id: user.id, status: 'CANCELLED' }]);
    await gone(card.root);
    await shown(dashboard.upcoming.getByText('No upcoming rounds yet', { exact: true }));
    // The calendar offers it again.
    const again = await dashboard.pickDay(start);
    await shown(again.card(round.title).button('Sign Up'));
    expect(errors).toEqual([]);
  });

  it('completes an assigned order, which then shows under Completed Orders', async () => {
    const { page, errors } = await e2e.open(PHONE);
    const round = await aRound(db(), noonIn(1));
    const orderId = await createOrderOnRound(db(), round.id, {
      deliveryAddress: 'Bus shelter on 5th',
      phoneNumber: '5551234567',
      notes: 'Blue tent',
      items: [
        { itemName: 'Socks (L)', quantity: 2 },
        { itemName: 'Water', quantity: 6 },
      ],
    });
    const user = await aVolunteer(db(), 'otto');
    await createSignup(db(), round.id, user.id);
    const dashboard = await logInAsVolunteer(page, user.username);

    const card = dashboard.assignedOrder(orderId);
    await shown(card.root);
    expect(await card.value('Items').textContent()).toContain('Socks (L)');
    await card.button('Open full view').click();
    const full = new Dialog(page, 'Order Full Details');
    await shown(full.root);
    expect(await full.value('Status').textContent()).toBe('PENDING');
    expect(await full.value('Phone Number').textContent()).toBe('5551234567');
    expect(await full.value('Notes').textContent()).toBe('Blue tent');
    await shown(full.root.getByText('Water', { exact: true }));
    await screenshot(page, 'volunteer-order-detail-phone');
    await full.button('Close').click();
    await gone(full.root);

    await card.button('Complete').click();
    await answerConfirmation(page, 'Mark completed');
    await expect.poll(() => orderStatus(orderId)).toBe('COMPLETED');
    await gone(card.root);
    await shown(dashboard.assigned.getByText('No assigned orders.', { exact: true }));
    await dashboard.expand(dashboard.completed);
    const done = dashboard.completedOrder(orderId);
    await shown(done.root.getByText('Completed', { exact: true }));
    await expect.poll(() => done.button('Complete').count()).toBe(0);
    await screenshot(page, 'volunteer-completed-phone');
    expect(await orderStatus(orderId)).toBe('COMPLETED');
    expect(errors).toEqual([]);
  });

  it('paints its lists once, where they stay, asking for each once, on a first-time device', async () => {
    const round = await aRound(db(), noonIn(1));
    const first = await e2e.open(PHONE);
    const user = await aVolunteer(db(), 'lena');
    await logInAsVolunteer(first.page, user.username);
    await createSignup(db(), round.id, user.id);
    const orderId = await createOrderOnRound(db(), round.id, {
      items: [{ itemName: 'Gauze roll', quantity: 1 }],
    });
    // The app opened on a second phone that holds the login (cookie and hint) but has never
    // stored the lists. Every layout shift of that page is recorded.
    const { page, errors } = await e2e.open(PHONE);
    await page.context().addCookies(await first.page.context().cookies());
    const hint = await first.page.evaluate(
      (key) => localStorage.getItem(key),
      LOGIN_HINT_STORAGE_KEY,
    );
    expect(hint).toBe('VOLUNTEER');
    await page.addInitScript(([key, value]) => localStorage.setItem(key, value), [
      LOGIN_HINT_STORAGE_KEY,
      hint ?? '',
    ] as const);
    await page.addInitScript(() => {
      const shifts: { value: number; nodes: string[] }[] = [];
      Object.assign(window, { layoutShifts: shifts });
      new PerformanceObserver((list) => {
        for (const entry of list.getEntries() as (PerformanceEntry & {
          value: number;
          sources?: { node?: Node | null }[];
        })[]) {
          const nodes = (entry.sources ?? []).map((s) => s.node?.textContent?.slice(0, 40) ?? '');
          shifts.push({ value: entry.value, nodes });
        }
      }).observe({ type: 'layout-shift', buffered: true });
    });
    // Every list the app asks the server for, by path.
    const asked: string[] = [];
    page.on('request', (request) => {
      const { pathname } = new URL(request.url());
      if (LISTS.includes(pathname)) asked.push(pathname);
    });
    await page.goto(first.page.url());
    const dashboard = new VolunteerDashboard(page);
    await shown(dashboard.upcomingRound(round.title).root);
    await shown(dashboard.assignedOrder(orderId).root);
    await shown(dashboard.calendar.getByRole('button', { name: /rounds scheduled$/ }));
    await expect.poll(() => page.getByText('updated just now', { exact: true }).count()).toBe(3);
    const shifts = await page.evaluate(
      () => (window as unknown as { layoutShifts: unknown[] }).layoutShifts,
    );
    expect(shifts).toEqual([]);
    // The start-up refresh, the sign-in and the dashboard opening share one request per list.
    await page.waitForTimeout(1_000);
    expect([...asked].sort()).toEqual([...LISTS].sort());
    // Coming back to the dashboard from another screen asks for its lists again, once.
    await page.getByRole('button', { name: 'Cargo Volunteer', exact: true }).click();
    await shown(page.getByRole('region', { name: 'Inventory', exact: true }));
    await page.goBack();
    await shown(dashboard.assignedOrder(orderId).root);
    await expect.poll(() => asked.filter((path) => path !== CATALOGUE).length).toBe(6);
    await page.waitForTimeout(1_000);
    expect(asked.filter((path) => path !== CATALOGUE).sort()).toEqual(
      [...LISTS, ...LISTS].filter((path) => path !== CATALOGUE).sort(),
    );
    expect(errors).toEqual([]);
  });
});
