// The outbox under faults (issue 17 "Show", second bullet), on the production build and its
// service worker against the real server: a confirmed volunteer completes orders while the
// network flaps, from two tabs of one browser (one IndexedDB), from a tab closed while its
// send was on the way, and through a storm of reloads. Each ends with the order COMPLETED on
// the server through exactly one stored request (one Idempotency-Key row for its status
// route), though the device may have sent it more than once.
import { describe, expect, it } from 'vitest';
import type { BrowserContext, Page, Route } from 'playwright-core';
import { PHONE } from '../support/chromium.ts';
import { createOrderOnRound, createSignup } from '../support/factories.ts';
import { useE2e } from './helpers/harness.ts';
import { logRequests } from './helpers/request-log.ts';
import { gone, shown } from './helpers/waits.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { VolunteerDashboard } from './pages/volunteer-dashboard.ts';
import { aRound, aVolunteer, logInAsVolunteer, tomorrowAt } from './pages/volunteer-seed.ts';
import { answerConfirmation } from './helpers/confirm.ts';

const SYNC_TIMEOUT_MS = 30_000;

const e2e = useE2e();
const db = () => e2e.server.db;

const statusPath = (orderId: number) => `/api/orders/${orderId}/status`;

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
    .where('path', '=', statusPath(orderId))
    .execute();
  return rows.map((r) => r.status_code);
}

/** Exactly once: the order is COMPLETED and the server stored one request that did it. */
async function completedOnce(orderId: number): Promise<void> {
  await expect.poll(() => statusOf(orderId), { timeout: SYNC_TIMEOUT_MS }).toBe('COMPLETED');
  expect(await statusWrites(orderId)).toEqual([200]);
}

interface Delivery {
  page: Page;
  context: BrowserContext;
  dashboard: VolunteerDashboard;
  orderIds: number[];
}

/** A confirmed volunteer's dashboard with `count` orders, under the service worker. */
async function aVolunteerWithOrders(count: number): Promise<Delivery> {
  const round = await aRound(db(), tomorrowAt(10));
  const orderIds: number[] = [];
  for (let i = 0; i < count; i++) {
    orderIds.push(await createOrderOnRound(db(), round.id, { deliveryAddress: `Pier ${i}` }));
  }
  const me = await aVolunteer(db(), 'fault');
  await createSignup(db(), round.id, me.id);
  const { page, context } = await e2e.open(PHONE);
  const dashboard = await logInAsVolunteer(page, me.username);
  await controlledByWorker(page);
  for (const orderId of orderIds) await shown(dashboard.assignedOrder(orderId).root);
  return { page, context, dashboard, orderIds };
}

/** Presses Complete on an order and waits for its card to leave the assigned list. */
async function complete(dashboard: VolunteerDashboard, orderId: number): Promise<void> {
  const order = dashboard.assignedOrder(orderId);
  await order.button('Complete').click();
  await answerConfirmation(order.root.page(), 'Mark completed');
  await gone(order.root);
}

/** Waits until the page's outbox is empty (no pending count in the status bar). */
async function drained(page: Page): Promise<void> {
  await gone(new OfflineStatusBar(page).anyPendingCount, SYNC_TIMEOUT_MS);
}

const pause = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

interface SwallowedReply {
  /** Resolves once a request reached the server and its reply was kept from the page. */
  reachedServer: Promise<void>;
  /** Lets go of the held routes (after their page is gone). */
  release(): void;
}

/**
 * Every request to `pattern` reaches the server, but its reply never comes back to the page:
 * the route handler holds it until release(), like a signal that died mid-answer.
 */
async function swallowReplies(page: Page, pattern: string): Promise<SwallowedReply> {
  let markReached: () => void = () => undefined;
  const reachedServer = new Promise<void>((resolve) => (markReached = resolve));
  let release: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (release = resolve));
  await page.route(pattern, async (route: Route) => {
    await route.fetch();
    markReached();
    await gate;
    await route.abort('internetdisconnected').catch(() => undefined);
  });
  return { reachedServer, release };
}

describe('the outbox under faults', () => {
  it('completes an order once while the network flaps', async () => {
    const { page, context, dashboard, orderIds } = await aVolunteerWithOrders(1);
    const orderId = orderIds[0]!;
    const sent = logRequests(page, statusPath(orderId), 'PUT');

    await context.setOffline(true);
    await shown(new OfflineStatusBar(page).offlineBadge);
    await complete(dashboard, orderId);
    // On and off in quick succession: some attempts start and die on the way.
    for (const ms of [40, 120, 10, 250, 60, 5, 180, 30]) {
      await context.setOffline(false);
      await pause(ms);
      await context.setOffline(true);
      await pause(ms);
    }
    await context.setOffline(false);

    await completedOnce(orderId);
    await drained(page);
    expect(sent.count()).toBeGreaterThanOrEqual(1);
    expect(await statusWrites(orderId)).toEqual([200]);
  });

  it('applies the actions two tabs queued offline each once', async () => {
    const { page, context, dashboard, orderIds } = await aVolunteerWithOrders(2);
    const [first, second] = [orderIds[0]!, orderIds[1]!];
    const tab = await context.newPage();
    await tab.goto('/');
    const tabDashboard = new VolunteerDashboard(tab);
    await shown(tabDashboard.assignedOrder(second).root);

    await context.setOffline(true);
    await shown(new OfflineStatusBar(page).offlineBadge);
    await shown(new OfflineStatusBar(tab).offlineBadge);
    await complete(dashboard, first);
    await complete(tabDashboard, second);
    expect([await statusOf(first), await statusOf(second)]).toEqual(['PENDING', 'PENDING']);

    await context.setOffline(false);
    await completedOnce(first);
    await completedOnce(second);
    await drained(page);
    await drained(tab);
    expect(await statusWrites(first)).toEqual([200]);
    expect(await statusWrites(second)).toEqual([200]);
  });

  it('sends again from a new tab when the tab that sent was closed before the reply; applied once', async () => {
    const { page, context, dashboard, orderIds } = await aVolunteerWithOrders(1);
    const orderId = orderIds[0]!;
    const swallowed = await swallowReplies(page, `**${statusPath(orderId)}`);

    await complete(dashboard, orderId);
    await swallowed.reachedServer;
    expect(await statusOf(orderId)).toBe('COMPLETED'); // the server has it; the page does not know
    await page.close();
    swallowed.release();

    const reopened = await context.newPage();
    const resent = logRequests(reopened, statusPath(orderId), 'PUT');
    await reopened.goto('/');
    await expect.poll(() => resent.count(), { timeout: SYNC_TIMEOUT_MS }).toBeGreaterThanOrEqual(1);
    await drained(reopened);
    const reDashboard = new VolunteerDashboard(reopened);
    await reDashboard.expand(reDashboard.completed);
    await shown(reDashboard.completedOrder(orderId).root);
    await completedOnce(orderId);
  });

  it('applies a queued action once through a storm of reloads while coming online', async () => {
    const { page, context, dashboard, orderIds } = await aVolunteerWithOrders(1);
    const orderId = orderIds[0]!;

    await context.setOffline(true);
    await shown(new OfflineStatusBar(page).offlineBadge);
    await complete(dashboard, orderId);
    await shown(new OfflineStatusBar(page).pendingCount('1 change waiting'));

    await context.setOffline(false);
    for (const ms of [0, 50, 150, 20, 300]) {
      await page.reload({ waitUntil: 'commit' });
      await pause(ms);
    }
    await page.reload();

    await completedOnce(orderId);
    await drained(page);
    expect(await statusWrites(orderId)).toEqual([200]);
  });
});
