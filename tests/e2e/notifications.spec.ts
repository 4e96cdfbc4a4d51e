// The profile's "Notifications" (issue 19), Web Push in the service worker and the mail
// opt-out screen, on the production build against the real server, in Debian's Chromium.
//
// What this machine's Chromium can and cannot do, checked here and said in the tests:
// - pushManager.subscribe() never works here: in an ordinary (incognito) Playwright context
//   Chromium refuses it ("Registration failed - permission denied", push is off in private
//   windows), and in a persistent profile it waits forever for Google's push service (FCM),
//   which this machine cannot reach. So one test taps the switch in that real browser and
//   checks what the person is told; the subscribe tests replace the browser's push service
//   (PushManager.subscribe/getSubscription, in the page, before the app loads) with one that
//   hands out a subscription on a host the server accepts (PUSH_HOSTS). Everything from the
//   tap on is the app's own: the permission asked on the tap, the server's VAPID key, the
//   outbox, the server's row.
// - A push is delivered to the real service worker through the DevTools protocol
//   (ServiceWorker.deliverPushMessage): the worker shows the notification (read back with
//   registration.getNotifications()) and tells the open page, which refreshes its lists.
// - A tap on a notification cannot be made in headless Chromium (no DevTools or WebDriver
//   command clicks a notification; web-platform-tests/wpt#51125). Instead a notificationclick
//   is dispatched inside the real worker (Playwright's Worker for the service worker's target)
//   on the notification the browser shows, and the worker's own listener runs. That event is
//   not trusted (its waitUntil throws, and focus/openWindow are refused without a tap), so it
//   shows the open window moved to the notification's path; focusing it, and opening a new
//   window when none is open, are checked in tests/shared/push/push-display.test.ts.
import fs from 'node:fs';
import path from 'node:path';
import { createECDH, randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import type { BrowserContext, CDPSession, Page, Worker } from 'playwright-core';
import { renderNotification } from '#server/notifications/notification-texts';
import { loadUnsubscribeTokens } from '#server/notifications/unsubscribe-token';
import { ORDER_PATHS } from '#shared/contracts/order-paths';
import { pathTo } from '#shared/contracts/paths';
import { DESKTOP, PHONE, type Viewport } from '../support/chromium.ts';
import { createUser, uniqueUsername } from '../support/e2e-server.ts';
import { AxeLog } from './helpers/axe.ts';
import { aClient, logInAsClient, type TestClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';
import { activeWorker, controlledByWorker } from './pages/outbox-worker.ts';
import { OrderHistory } from './pages/ordering-pages.ts';

// The stand-in push service's host must be one the server sends to.
const e2e = useE2e({ pushHosts: ['127.0.0.1'] });
const db = () => e2e.server.db;

const SHOTS = '/tmp/shots/h4';
async function shot(page: Page, name: string): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await page.screenshot({ path: path.join(SHOTS, `${name}.png`), fullPage: true });
}

const TEXTS = {
  pushSwitch: 'Push notifications on this device',
  emailSwitch: 'Email notifications',
  pushOn: 'Push notifications are on for this device.',
  emailOff: 'Email notifications are off.',
  denied:
    "You blocked notifications for this site. To turn them on, allow notifications in your browser's site settings.",
  blockedHere: 'This browser window does not allow push notifications',
  unproven: 'Mail goes only to a confirmed address.',
  queued: 'Saved — will send when online',
};

/** A subscription as a browser's push service would hand it out: real keys, our endpoint. */
function stubSubscription() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return {
    endpoint: `https://127.0.0.1:9/push/e2e-${randomBytes(6).toString('hex')}`,
    p256dh: ecdh.getPublicKey().toString('base64url'),
    auth: randomBytes(16).toString('base64url'),
  };
}

/**
 * Replaces the browser's push service (unreachable here) in every page of the context: subscribe
 * hands out `sub` and records the applicationServerKey it was given. The subscription lives in
 * sessionStorage ('stubPush': the key, base64url), so it outlasts a reload as a real one does.
 */
async function stubPushService(context: BrowserContext, sub: ReturnType<typeof stubSubscription>) {
  await context.addInitScript((s) => {
    const toBase64url = (bytes: Uint8Array) =>
      btoa(String.fromCharCode(...bytes))
        .replace(/\+/g, '-')
        .replace(/\//g, '_')
        .replace(/=+$/, '');
    const fromBase64url = (text: string) =>
      Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
    const held = () => {
      const key = sessionStorage.getItem('stubPush');
      if (key === null) return null;
      return {
        endpoint: s.endpoint,
        expirationTime: null,
        options: { applicationServerKey: fromBase64url(key).buffer, userVisibleOnly: true },
        toJSON: () => ({
          endpoint: s.endpoint,
          expirationTime: null,
          keys: { p256dh: s.p256dh, auth: s.auth },
        }),
        unsubscribe: () => {
          sessionStorage.removeItem('stubPush');
          return Promise.resolve(true);
        },
      } as unknown as PushSubscription;
    };
    PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
      const given = options?.applicationServerKey;
      const bytes =
        given instanceof ArrayBuffer
          ? new Uint8Array(given)
          : new Uint8Array((given as ArrayBufferView).buffer.slice(0));
      sessionStorage.setItem('stubPush', toBase64url(bytes));
      return Promise.resolve(held()!);
    };
    PushManager.prototype.getSubscription = function () {
      return Promise.resolve(held());
    };
  }, sub);
}

/** The key the page's push subscription was made with; null when it has none. */
function heldPushKey(page: Page): Promise<string | null> {
  return page.evaluate(() => sessionStorage.getItem('stubPush'));
}

async function subscriptionsOf(userId: number): Promise<string[]> {
  const rows = await db()
    .selectFrom('push_subscriptions')
    .select('endpoint')
    .where('user_id', '=', userId)
    .execute();
  return rows.map((r) => r.endpoint);
}

async function preferencesOf(userId: number) {
  const row = await db()
    .selectFrom('users')
    .select(['notify_push', 'notify_email'])
    .where('id', '=', userId)
    .executeTakeFirstOrThrow();
  return { push: row.notify_push === 1, email: row.notify_email === 1 };
}

async function openProfile(viewport: Viewport, client: TestClient, grant: boolean) {
  const opened = await e2e.open(viewport);
  if (grant)
    await opened.context.grantPermissions(['notifications'], { origin: e2e.server.baseUrl });
  return opened;
}

async function goToProfile(page: Page, client: TestClient): Promise<void> {
  await logInAsClient(page, client);
  await page.goto('/profile');
  await shown(page.getByRole('heading', { name: 'Notifications', exact: true }));
}

const pushSwitch = (page: Page) => page.getByRole('switch', { name: TEXTS.pushSwitch });
const emailSwitch = (page: Page) => page.getByRole('switch', { name: TEXTS.emailSwitch });

async function checked(page: Page, name: string): Promise<string | null> {
  return page.getByRole('switch', { name }).getAttribute('aria-checked');
}

/** The app's service worker registration id, as the DevTools protocol names it. */
async function workerRegistration(
  page: Page,
): Promise<{ cdp: CDPSession; registrationId: string }> {
  const cdp = await page.context().newCDPSession(page);
  const ids: string[] = [];
  cdp.on('ServiceWorker.workerRegistrationUpdated', (event) => {
    for (const r of event.registrations) if (!r.isDeleted) ids.push(r.registrationId);
  });
  await cdp.send('ServiceWorker.enable');
  await expect.poll(() => ids.length).toBeGreaterThan(0);
  return { cdp, registrationId: ids[0]! };
}

/** The log's count once a second has passed without a new request (the refreshes after a send). */
async function settledCount(page: Page, log: { count(): number }): Promise<number> {
  let last = -1;
  for (let i = 0; i < 15 && log.count() !== last; i += 1) {
    last = log.count();
    await page.waitForTimeout(1000);
  }
  return log.count();
}

interface ShownNotification {
  title: string;
  body: string;
  tag: string;
  icon: string;
  data: unknown;
}

async function notificationsShown(page: Page): Promise<ShownNotification[]> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    return (await registration.getNotifications()).map((n) => ({
      title: n.title,
      body: n.body,
      tag: n.tag,
      icon: n.icon,
      data: n.data as unknown,
    }));
  });
}

/**
 * A tap on the shown notification tagged `tag`, made inside the app's real service worker: the
 * worker's own notificationclick listener runs on the notification the browser shows. Headless
 * Chromium cannot click a system notification; a NotificationEvent made by script is the next
 * best thing, but it is not trusted: its waitUntil throws and it grants no permission to focus
 * or open a window — so this proves the window is moved even when focus is refused.
 */
async function tapNotification(worker: Worker, tag: string): Promise<void> {
  const found = await worker.evaluate(async (wanted) => {
    // The worker's globals (lib.webworker), which the tests' DOM lib does not describe.
    interface WorkerScope {
      registration: ServiceWorkerRegistration;
      dispatchEvent(event: Event): boolean;
    }
    type NotificationEventMaker = new (type: string, init: { notification: Notification }) => Event;
    const scope = self as unknown as WorkerScope;
    const Made = (self as unknown as { NotificationEvent: NotificationEventMaker })
      .NotificationEvent;
    const [notification] = await scope.registration.getNotifications({ tag: wanted });
    if (notification === undefined) return false;
    scope.dispatchEvent(new Made('notificationclick', { notification }));
    return true;
  }, tag);
  expect(found).toBe(true);
}

/** The app's service worker as Playwright sees it (Chromium: the worker's own target). */
async function appWorker(context: BrowserContext): Promise<Worker> {
  return context.serviceWorkers()[0] ?? (await context.waitForEvent('serviceworker'));
}

describe('profile notifications', () => {
  it('the push switch asks on the tap, subscribes with the server key, and a push shows and refreshes', async () => {
    const client = await aClient(e2e.server, 'push');
    const { page, context, errors } = await openProfile(DESKTOP, client, true);
    const sub = stubSubscription();
    await stubPushService(context, sub);
    await goToProfile(page, client);
    await activeWorker(page);
    await shown(page.getByText('Off: this device shows no notifications.'));
    expect(await checked(page, TEXTS.pushSwitch)).toBe('false');
    await shot(page, 'profile-notifications-off-desktop');
    const axe = new AxeLog(page);
    await axe.scan('push off');

    await pushSwitch(page).click();
    await shown(page.getByText(TEXTS.pushOn));
    expect(await checked(page, TEXTS.pushSwitch)).toBe('true');
    await expect.poll(() => subscriptionsOf(client.id)).toEqual([sub.endpoint]);
    // The browser was given the server's VAPID public key.
    const { publicKey } = (await (await page.request.get('/api/push/public-key')).json()) as {
      publicKey: string;
    };
    expect(await heldPushKey(page)).toBe(publicKey);
    await shown(page.getByText('Sent ✓'));
    await shot(page, 'profile-notifications-on-desktop');
    await axe.scan('push on');
    expect(axe.found).toEqual([]);

    // A push while the app is open: shown by the worker, and the page refreshes the orders.
    const orders = logRequests(page, pathTo(ORDER_PATHS.userOrders, { userId: client.id }), 'GET');
    const quiet = await settledCount(page, orders);
    const message = renderNotification('order.completed', { orderId: 41 }, 'en');
    const { cdp, registrationId } = await workerRegistration(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.baseUrl,
      registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(() => notificationsShown(page))
      .toEqual([
        {
          title: message.title,
          body: message.body,
          tag: message.tag,
          icon: `${e2e.server.baseUrl}/icons/icon-192.png`,
          data: { url: '/orderhistory' },
        },
      ]);
    await expect.poll(() => orders.count()).toBeGreaterThan(quiet);

    // A push the worker cannot read still shows something (userVisibleOnly).
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.baseUrl,
      registrationId,
      data: 'not json',
    });
    await expect
      .poll(async () => (await notificationsShown(page)).map((n) => n.title))
      .toContain('StreetMed Supply');

    // Off: the browser's subscription ends and the server forgets the endpoint.
    await pushSwitch(page).click();
    await shown(page.getByText('Push notifications are off for this device.'));
    await expect.poll(() => subscriptionsOf(client.id)).toEqual([]);
    expect(await heldPushKey(page)).toBeNull();

    // On again, then Log Out: the browser's subscription ends with the login, so the next
    // person on this device sees none of this one's notifications.
    await pushSwitch(page).click();
    await shown(page.getByText(TEXTS.pushOn));
    expect(await heldPushKey(page)).toBe(publicKey);
    await page.goto('/');
    await new ClientHomePage(page).logOut.click();
    await expect.poll(() => heldPushKey(page)).toBeNull();
    expect(errors).toEqual([]);
  });

  it("a tap on the worker's notification moves the open window to its path, never off the app", async () => {
    const client = await aClient(e2e.server, 'tap');
    const { page, context, errors } = await openProfile(DESKTOP, client, true);
    await goToProfile(page, client);
    await controlledByWorker(page);
    const worker = await appWorker(context);

    // An order's notification, shown by the worker from a push; the tap opens Order History.
    const message = renderNotification('order.completed', { orderId: 7 }, 'en');
    const { cdp, registrationId } = await workerRegistration(page);
    await cdp.send('ServiceWorker.deliverPushMessage', {
      origin: e2e.server.baseUrl,
      registrationId,
      data: JSON.stringify(message),
    });
    await expect
      .poll(async () => (await notificationsShown(page)).map((n) => n.tag))
      .toContain(message.tag);
    expect(new URL(page.url()).pathname).toBe('/profile');
    await tapNotification(worker, message.tag);
    await page.waitForURL(`${e2e.server.baseUrl}/orderhistory`);
    await shown(new OrderHistory(page).heading);
    // The tapped notification is gone from the tray.
    expect((await notificationsShown(page)).map((n) => n.tag)).not.toContain(message.tag);

    // A notification naming another site (not one a push can make: the worker keeps only app
    // paths; shown here directly) moves the window to the app's home, never to that site.
    await worker.evaluate(() =>
      (
        self as unknown as { registration: ServiceWorkerRegistration }
      ).registration.showNotification('Elsewhere', {
        tag: 'elsewhere',
        data: { url: 'https://evil.example.com/orderhistory' },
      }),
    );
    await tapNotification(worker, 'elsewhere');
    await page.waitForURL(`${e2e.server.baseUrl}/`);
    expect(new URL(page.url()).origin).toBe(e2e.server.baseUrl);
    expect(context.pages()).toEqual([page]);
    await cdp.detach();
    expect(errors).toEqual([]);
  });

  it('in this real browser, subscribe is refused: the person is told why', async () => {
    const client = await aClient(e2e.server, 'real');
    const { page } = await openProfile(PHONE, client, true);
    await goToProfile(page, client);
    await activeWorker(page);
    await pushSwitch(page).click();
    await shown(page.getByRole('alert').getByText(TEXTS.blockedHere));
    expect(await checked(page, TEXTS.pushSwitch)).toBe('false');
    expect(await subscriptionsOf(client.id)).toEqual([]);
    await shot(page, 'profile-notifications-refused-phone');
  });

  it('asks nothing on load; a refusal on the tap, or one made before, is explained', async () => {
    const client = await aClient(e2e.server, 'deny');
    const { page, context } = await openProfile(PHONE, client, false);
    await goToProfile(page, client);
    await activeWorker(page);
    // Opening the profile asked nothing: the permission is still undecided.
    expect(await page.evaluate(() => Notification.permission)).toBe('default');
    // Headless Chromium has nobody to answer the question: it says no.
    await pushSwitch(page).click();
    await shown(page.getByText(TEXTS.denied));
    expect(await pushSwitch(page).isDisabled()).toBe(true);
    await shot(page, 'profile-notifications-denied-phone');

    // Blocked in the browser's settings before the profile opens: said at once.
    const cdp = await context.newCDPSession(page);
    const { targetInfo } = await cdp.send('Target.getTargetInfo');
    const browserCdp = await e2e.browser.newBrowserCDPSession();
    await browserCdp.send('Browser.setPermission', {
      origin: e2e.server.baseUrl,
      browserContextId: targetInfo.browserContextId,
      permission: { name: 'notifications' },
      setting: 'denied',
    });
    await page.reload();
    await shown(page.getByText(TEXTS.denied));
    expect(await pushSwitch(page).isDisabled()).toBe(true);
    await browserCdp.detach();
  });

  it('the email switch is kept by the server, offline through the outbox too', async () => {
    const client = await aClient(e2e.server, 'mail');
    const { page, context } = await openProfile(PHONE, client, false);
    await goToProfile(page, client);
    await activeWorker(page);
    await expect.poll(() => checked(page, TEXTS.emailSwitch)).toBe('true');
    // This client's email is not proven: mail would not reach them, and they are told where.
    await shown(page.getByText(TEXTS.unproven));
    await shot(page, 'profile-notifications-unproven-phone');
    const axe = new AxeLog(page);
    await axe.scan('email unproven');

    await emailSwitch(page).click();
    await shown(page.getByText(TEXTS.emailOff));
    expect(await preferencesOf(client.id)).toEqual({ push: true, email: false });
    await page.reload();
    await expect.poll(() => checked(page, TEXTS.emailSwitch)).toBe('false');

    await context.setOffline(true);
    await emailSwitch(page).click();
    await shown(page.getByText(TEXTS.queued));
    await shown(page.getByText('Waiting to send'));
    expect(await checked(page, TEXTS.emailSwitch)).toBe('true');
    expect(await preferencesOf(client.id)).toEqual({ push: true, email: false });
    await shot(page, 'profile-notifications-offline-phone');
    await axe.scan('email change waiting');
    expect(axe.found).toEqual([]);
    await context.setOffline(false);
    await expect
      .poll(() => preferencesOf(client.id), { timeout: 20_000 })
      .toEqual({
        push: true,
        email: true,
      });
    await shown(page.getByText('Sent ✓'), 20_000);
  });
});

describe('the mail opt-out screen', () => {
  it('turns mail off only on its button, with a token the server made', async () => {
    const username = uniqueUsername('optout');
    const { id } = await createUser(db(), { username, emailVerified: true });
    const token = (await loadUnsubscribeTokens(db())).tokenFor(id);
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const suffix = viewport === DESKTOP ? 'desktop' : 'phone';
      await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
      const button = page.getByRole('button', { name: 'Turn off email notifications' });
      await shown(button);
      await shot(page, `unsubscribe-${suffix}`);
      // Opening the link (a mail scanner does) changed nothing.
      expect((await preferencesOf(id)).email).toBe(true);
      await button.click();
      await shown(page.getByRole('status').getByText('Email notifications are off.'));
      expect((await preferencesOf(id)).email).toBe(false);
      await shot(page, `unsubscribe-done-${suffix}`);
      const axe = new AxeLog(page);
      await axe.scan(`unsubscribe done ${suffix}`);
      expect(axe.found).toEqual([]);
      await db().updateTable('users').set({ notify_email: 1 }).where('id', '=', id).execute();
      expect(errors).toEqual([]);
    }
  });

  it('says so for a link the server did not make, and for a link without its token', async () => {
    const { page } = await e2e.open(PHONE);
    await page.goto('/unsubscribe?token=1.forged');
    await page.getByRole('button', { name: 'Turn off email notifications' }).click();
    await shown(page.getByRole('alert').getByText('Could not turn off email notifications'));
    await shot(page, 'unsubscribe-bad-phone');
    await page.goto('/unsubscribe');
    await shown(page.getByRole('alert').getByText('This link is incomplete.'));
    expect(await page.getByRole('button', { name: 'Turn off email notifications' }).count()).toBe(
      0,
    );
  });
});
