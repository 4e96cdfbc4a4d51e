// @vitest-environment jsdom
// The volunteer dashboard when the server fails or cannot be reached (spec section 8; issue 5
// item 4): load failures inline in red, actions queued with "Saved — will send when online"
// and sent later, and a queued sign-up that reaches a full round coming back WAITLISTED.
import { say } from '#client/i18n/i18n';
import '../../offline/support/fake-db.ts';
import { describe, expect, it, vi } from 'vitest';
import { fireEvent, screen, within } from '@testing-library/react';
import { setApiBaseUrl } from '#client/api/api-client';
import { getAppDb } from '#client/offline/app-db';
import { kickOutbox } from '#client/offline/engine';
import { setSessionUser } from '#client/session/session-user';
import { queuedText } from '#client/offline/status-texts';
import { createSignedInUser, createSignup } from '../../../support/factories.ts';
import { recordAlerts } from '../../support/form.ts';
import {
  openAssignedOrder,
  openDashboard,
  openDashboardCalendar,
  useDashboardServer,
} from './dashboard-setup.ts';
import {
  card,
  findCard,
  DAY,
  openRoundDay,
  orderStatus,
  region,
  seedRound,
  setOrderStatus,
  signedInVolunteer,
  signInVolunteer,
  volunteerAccount,
  signupOf,
} from './volunteer-kit.ts';
import { answerConfirmation } from '../../support/confirm.ts';

const { server, db } = useDashboardServer();
const DEAD_SERVER = 'http://127.0.0.1:9';

async function alertTexts(count: number): Promise<string[]> {
  await vi.waitFor(() => expect(screen.getAllByRole('alert')).toHaveLength(count), {
    timeout: 10_000,
  });
  return screen.getAllByRole('alert').map((a) => a.textContent);
}

describe('volunteer dashboard offline and on failures', () => {
  it('shows the server message in red when a list cannot be loaded', async () => {
    // A session user without a login cookie: the server answers 401 to each list.
    const volunteer = await createSignedInUser(db(), { role: 'VOLUNTEER', password: null });
    setSessionUser({ ...volunteer, userId: volunteer.id, role: 'VOLUNTEER' });
    await openDashboard();
    expect(await alertTexts(3)).toEqual(['Please sign in.', 'Please sign in.', 'Please sign in.']);
  });

  it('shows the transport error when the server cannot be reached and nothing is on the device', async () => {
    setApiBaseUrl(DEAD_SERVER);
    await signedInVolunteer(db());
    await openDashboard();
    // The transport's own text ('Failed to fetch' in a browser, 'fetch failed' in Node).
    const transportText = await fetch(DEAD_SERVER).then(
      () => 'reached',
      (error: unknown) => (error as Error).message,
    );
    expect(new Set(await alertTexts(3))).toEqual(new Set([transportText]));
  });

  it('queues Complete while offline and sends it when the server is back', async () => {
    const { orderId, order } = await openAssignedOrder(db());
    setApiBaseUrl(DEAD_SERVER);
    fireEvent.click(within(order).getByRole('button', { name: 'Complete' }));
    await answerConfirmation('Mark completed');
    expect(await screen.findByText('No assigned orders.')).toBeDefined();
    const summary = `Complete order ${orderId} — ${queuedText()}`;
    expect(
      await within(region('Assigned Orders')).findByText(summary, {}, { timeout: 10_000 }),
    ).toBeDefined();
    fireEvent.click(screen.getByRole('button', { name: 'Completed Orders' }));
    const completed = card(region('Completed Orders'), `Order #${orderId}`);
    expect(await within(completed).findByText(queuedText(), {}, { timeout: 10_000 })).toBeDefined();
    expect(await orderStatus(db(), orderId)).toBe('PENDING');

    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    await expect.poll(() => orderStatus(db(), orderId), { timeout: 10_000 }).toBe('COMPLETED');
    await vi.waitFor(() => expect(within(completed).queryByText(queuedText())).toBeNull());
  });

  it('a queued completion of an order cancelled meanwhile lands in Needs attention', async () => {
    const { orderId, order } = await openAssignedOrder(db());
    setApiBaseUrl(DEAD_SERVER);
    fireEvent.click(within(order).getByRole('button', { name: 'Complete' }));
    await answerConfirmation('Mark completed');
    await within(region('Assigned Orders')).findByText(
      /Saved — will send when online/,
      {},
      {
        timeout: 10_000,
      },
    );
    await setOrderStatus(db(), orderId, 'CANCELLED');
    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    const refused = async () =>
      (await getAppDb().outbox.where('status').equals('rejected').toArray()).map((r) => [
        say(r.label),
        r.lastError,
      ]);
    await expect
      .poll(refused, { timeout: 10_000 })
      .toEqual([[`Complete order ${orderId}`, 'This order was cancelled.']]);
    expect(await orderStatus(db(), orderId)).toBe('CANCELLED');
  });

  it('a queued sign-up that reaches a full round comes back WAITLISTED with a notice', async () => {
    const volunteer = await volunteerAccount(db());
    const other = await createSignedInUser(db(), { role: 'VOLUNTEER', password: null });
    const round = await seedRound(db(), 2 * DAY, 1);
    signInVolunteer(volunteer);
    await openDashboardCalendar();
    setApiBaseUrl(DEAD_SERVER);
    const day = await openRoundDay(round.startTime);
    fireEvent.click(
      within(await findCard(day, round.title)).getByRole('button', { name: 'Sign Up' }),
    );
    expect(await within(day).findByText(queuedText(), {}, { timeout: 10_000 })).toBeDefined();
    fireEvent.click(within(day).getByRole('button', { name: 'Close' }));
    const mine = await findCard(region('My Upcoming Rounds'), round.title);
    expect(await within(mine).findByText(queuedText())).toBeDefined();

    await createSignup(db(), round.id, other.id, 'CONFIRMED'); // the last slot goes meanwhile
    setApiBaseUrl(server().baseUrl);
    kickOutbox('online');
    const notice = await screen.findByText(/you are on the waitlist/, {}, { timeout: 10_000 });
    expect(notice.textContent).toContain(round.title);
    expect(await signupOf(db(), round.id, volunteer.id)).toBe('WAITLISTED');
    // The list's refresh after the send brings the server's status.
    await vi.waitFor(
      () =>
        expect(card(region('My Upcoming Rounds'), round.title).dataset.signupStatus).toBe(
          'WAITLISTED',
        ),
      { timeout: 10_000 },
    );
    fireEvent.click(screen.getByRole('button', { name: 'OK' }));
    await vi.waitFor(() => expect(screen.queryByText(/you are on the waitlist/)).toBeNull());
  });

  it('alerts when a sign-up still waiting to be sent has no signup id to cancel', async () => {
    const alerts = recordAlerts();
    const volunteer = await volunteerAccount(db());
    const round = await seedRound(db(), 2 * DAY);
    signInVolunteer(volunteer);
    await openDashboardCalendar();
    setApiBaseUrl(DEAD_SERVER);
    const day = await openRoundDay(round.startTime);
    fireEvent.click(
      within(await findCard(day, round.title)).getByRole('button', { name: 'Sign Up' }),
    );
    fireEvent.click(within(day).getByRole('button', { name: 'Close' }));
    const mine = await within(region('My Upcoming Rounds')).findByRole('article', {
      name: round.title,
    });
    fireEvent.click(within(mine).getByRole('button', { name: 'View Details' }));
    const detail = await screen.findByRole('dialog', { name: round.title });
    fireEvent.click(within(detail).getByRole('button', { name: 'Cancel Signup' }));
    // Nothing to cancel: the alert says so at once, without asking first.
    expect(alerts).toEqual(['No signup found for this round']);
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });
});
