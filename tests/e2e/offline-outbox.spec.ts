// The outbox in the browser (issue 3 "Show"; DESIGN.md offline rules 2, 3 and 7), on the
// production build and its service worker against the real server:
// - the public forms submitted offline are queued ("Saved — will send when online"), counted
//   and listed as queued, survive a reload offline, show as sending, and reach the server
//   exactly once when the network returns — even when the first reply is lost on the way;
// - a client's queued order whose login ended waits behind "N changes waiting — sign in to
//   send them" and goes once after signing in again;
// - a queued application the server refuses (409) lands under Needs attention with the
//   server's message, and Discard removes it.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page } from 'playwright-core';
import { screenshot } from '../support/chromium.ts';
import { uniqueUsername } from '../support/e2e-server.ts';
import { LoginPage } from './pages/login-page.ts';
import { note } from './pages/controls.ts';
import { JoinUsForm, type Application } from './pages/outbox-forms.ts';
import { FeedbackForm } from './pages/outbox-forms.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { CartDialog, Catalogue, CustomItemDialog } from './pages/ordering-pages.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { setDeviceOffline } from './helpers/network.ts';
import { gone, shown } from './helpers/waits.ts';

const QUEUED = 'Saved — will send when online';

const e2e = useE2e();
const db = () => e2e.server.db;

function anApplication(): Application {
  const name = uniqueUsername('ada');
  return {
    firstName: 'Ada',
    lastName: 'Queue',
    email: `${name}@example.org`,
    phone: '555-010-2030',
    notes: 'Evenings and weekends',
  };
}

async function feedbackWith(content: string) {
  return db().selectFrom('feedback').select(['id']).where('content', '=', content).execute();
}

async function applicationsOf(email: string) {
  return db()
    .selectFrom('volunteer_applications')
    .select(['id', 'status'])
    .where('email', '=', email)
    .execute();
}

/** Opens a page on `path` online and waits until the service worker controls it. */
async function openControlled(path: string): Promise<{ page: Page; context: BrowserContext }> {
  const { page, context } = await e2e.open();
  await page.goto(path);
  await controlledByWorker(page);
  return { page, context };
}

interface LostReply {
  /** Resolves when the first request arrived (it is held until release()). */
  arrived: Promise<void>;
  release(): void;
}

/**
 * The first request to `pattern` is held (so its 'Sending' state can be seen), then reaches
 * the server, whose reply is lost on the way back (the signal drops): the client must retry
 * with the same idempotency key, and the server must not take it twice. Later ones pass.
 */
async function loseFirstReply(page: Page, pattern: string): Promise<LostReply> {
  let markArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (markArrived = resolve));
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  let first = true;
  await page.route(pattern, async (route) => {
    if (!first) return route.continue();
    first = false;
    markArrived();
    await gate;
    await route.fetch();
    await route.abort('internetdisconnected');
  });
  return { arrived, release };
}

describe('the outbox', () => {
  it('queues feedback and an application offline, keeps them over a reload and sends each once', async () => {
    const { page, context } = await openControlled('/feedback');
    const bar = new OfflineStatusBar(page);
    const content = `Offline feedback ${uniqueUsername('fb')}`;
    const application = anApplication();

    await setDeviceOffline(context, true);
    await new FeedbackForm(page).send('5550001234', content);
    await shown(note(page, QUEUED));
    await shown(bar.offlineBadge);
    await shown(bar.pendingCount('1 change waiting'));
    const join = new JoinUsForm(page);
    await join.goto();
    await join.send(application);
    await shown(note(page, QUEUED));
    await shown(bar.pendingCount('2 changes waiting'));
    await screenshot(page, 'outbox-offline-queued-phone');

    let outbox = await bar.openOutbox('2 changes waiting');
    await shown(outbox.entries('Queued', 'Feedback'));
    await shown(outbox.entries('Queued', 'Volunteer application'));
    expect(await outbox.entries('Queued').count()).toBe(2);
    await screenshot(page, 'outbox-list-queued-phone');

    // Nothing is lost over a reload offline, and nothing was sent.
    await page.reload();
    outbox = await bar.openOutbox('2 changes waiting');
    // The dialog opens before its list is read from the device: wait for the rows, then count.
    await shown(outbox.entries('Queued', 'Feedback'));
    await shown(outbox.entries('Queued', 'Volunteer application'));
    expect(await outbox.entries('Queued').count()).toBe(2);
    expect(await feedbackWith(content)).toEqual([]);
    expect(await applicationsOf(application.email)).toEqual([]);

    const lost = await loseFirstReply(page, '**/api/feedback/submit');
    await setDeviceOffline(context, false);
    await lost.arrived;
    await shown(outbox.entries('Sending', 'Feedback'));
    await screenshot(page, 'outbox-list-sending-phone');
    lost.release();
    // Back in the queue with the same key. Its back-off has grown with every attempt made
    // offline; the signal flapping back ('online') sends it without waiting that out.
    await shown(outbox.entries('Queued', 'Feedback'));
    expect(await feedbackWith(content)).toHaveLength(1); // the server has it already
    await setDeviceOffline(context, true);
    await setDeviceOffline(context, false);
    await shown(outbox.empty);
    await outbox.close.click();
    await gone(bar.anyPendingCount);
    await gone(bar.offlineBadge);

    // Exactly once each, though the feedback's first reply never reached the page.
    expect(await feedbackWith(content)).toHaveLength(1);
    expect(await applicationsOf(application.email)).toEqual([
      { id: expect.any(Number) as number, status: 'PENDING' },
    ]);
  });

  it('pauses a queued order whose login ended until the client signs in, then sends it once', async () => {
    const { page, context } = await e2e.open();
    await context.grantPermissions(['geolocation']);
    await context.setGeolocation({ latitude: 40.4406, longitude: -79.9959 });
    const client = await aClient(e2e.server, 'nina');
    const home = await logInAsClient(page, client);
    await controlledByWorker(page);
    const bar = new OfflineStatusBar(page);

    await setDeviceOffline(context, true);
    await home.makeNewOrder.click();
    await new Catalogue(page).customItem.click();
    const custom = new CustomItemDialog(page);
    await custom.name.fill('Thermal socks');
    await custom.add.click();
    await home.cartWith(1).click();
    const cart = new CartDialog(page);
    await cart.field('Delivery Address').fill('Behind the library');
    await cart.field('Notes').fill('Blue sleeping bag');
    await cart.placeOrder.click();
    await shown(note(page, QUEUED));
    await shown(bar.pendingCount('1 change waiting'));

    // The login ends while the phone is away (expired, or ended from another device).
    await db().deleteFrom('login_sessions').where('user_id', '=', client.id).execute();
    await setDeviceOffline(context, false);
    await shown(bar.signInBanner);
    expect(await bar.signInBanner.textContent()).toBe(
      '1 change waiting — sign in to send them Log in',
    );
    await screenshot(page, 'outbox-sign-in-banner-phone');
    const orders = () =>
      db().selectFrom('orders').select('id').where('user_id', '=', client.id).execute();
    expect(await orders()).toEqual([]);

    await bar.signInLink.click();
    const login = new LoginPage(page);
    await login.heading.waitFor();
    await login.logInAs(client.username, client.password);
    await shown(new ClientHomePage(page).logOut);
    await gone(bar.signInBanner);
    await gone(bar.anyPendingCount);
    expect(await orders()).toHaveLength(1);
  });

  it('shows a refused application under Needs attention with the server message; Discard removes it', async () => {
    const { page } = await openControlled('/volunteerAppli');
    const bar = new OfflineStatusBar(page);
    const join = new JoinUsForm(page);
    const application = anApplication();
    // Sent online first; the copy typed again offline reaches the server after it.
    await join.sendWithARefusedCopy(application);
    const outbox = await bar.openOutbox('1 needs attention');
    const refused = outbox.entries('Needs attention', 'Volunteer application');
    await shown(refused.getByText('An application with this email is already waiting for review.'));
    await shown(refused.getByText(/^Refused · /));
    await screenshot(page, 'outbox-needs-attention-phone');
    expect(await applicationsOf(application.email)).toHaveLength(1);

    await outbox.discard(refused).click();
    await shown(outbox.empty);
    await outbox.close.click();
    await gone(bar.anyPendingCount);
    expect(await applicationsOf(application.email)).toHaveLength(1);
  });
});
