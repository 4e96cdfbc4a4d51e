// Event 5 "item out of stock" whatever the concurrency (issue 19, review gap 1), over real
// HTTP: orders that together empty an item, none of which could empty it alone as the
// catalogue stood when it was read, queue exactly one notice per admin and channel, keyed by
// the time of the take that emptied it. On PostgreSQL such orders take the one-statement path,
// which told nobody before the 2026-12-03T1000 migration (the app guessed from the catalogue
// read which order could empty an item). The worker is off, so the rows stay as queued.
import { describe, expect, it } from 'vitest';
import { queuedSince } from '#server/notifications/notifications.service';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem, createSignedInUser } from '../../support/factories.ts';
import { clientOrder, itemStock } from '../orders/order-helpers.ts';
import { bothChannels, queued } from './notify-helpers.ts';

describe.each(testDialects())('out of stock under concurrent orders (%s)', (dialect) => {
  const server = useTestServer(
    dialect,
    { notificationWorker: false, rateLimitScale: 1000 },
    { listen: true },
  );
  const db = () => server.app.ctx.opened.db;

  const clients = (n: number) =>
    Promise.all(Array.from({ length: n }, () => createSignedInUser(db(), { password: null })));

  function order(user: { id: number; cookie: string }, itemName: string, quantity: number) {
    return fetch(`${server.baseUrl}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify(clientOrder(user.id, [{ itemName, quantity }])),
    });
  }

  async function admins(): Promise<number[]> {
    const rows = await db().selectFrom('users').select('id').where('role', '=', 'ADMIN').execute();
    return rows.map((r) => r.id);
  }

  /** The out-of-stock rows of one item, and the item's last stock change. */
  async function noticesOf(itemId: number) {
    const rows = (await queued(db(), 'item.outOfStock')).filter((r) =>
      r.event_key.startsWith(`item.outOfStock:item:${itemId}:`),
    );
    const item = await db()
      .selectFrom('cargo_items')
      .select(['updated_at', 'name'])
      .where('id', '=', itemId)
      .executeTakeFirstOrThrow();
    return { rows, item };
  }

  it('two orders of 2 on a stock of 4, at once: one notice per admin', async () => {
    await createSignedInUser(db(), { role: 'ADMIN', password: null });
    await createSignedInUser(db(), { role: 'ADMIN', password: null });
    const item = await createCatalogueItem(db(), { name: 'Blanket', quantity: 4 });
    const [a, b] = await clients(2);
    if (a === undefined || b === undefined) throw new Error('no clients');
    const wakes = queuedSince();
    const replies = await Promise.all([order(a, 'Blanket', 2), order(b, 'Blanket', 2)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await itemStock(db(), item.id)).toBe(0);
    // The worker is woken at once (not at its next poll): the queueing was counted.
    expect(queuedSince()).toBeGreaterThan(wakes);

    const { rows, item: after } = await noticesOf(item.id);
    expect(rows.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(
      bothChannels(await admins()),
    );
    expect(new Set(rows.map((r) => r.event_key))).toEqual(
      new Set([`item.outOfStock:item:${item.id}:${after.updated_at}`]),
    );
    expect(rows.every((r) => r.status === 'pending' && r.attempts === 0)).toBe(true);
    expect(rows.map((r) => JSON.parse(r.params) as unknown)).toEqual(
      rows.map(() => ({ itemId: item.id, name: 'Blanket' })),
    );
  });

  it('30 orders of 1 on a stock of 12, at once: 12 placed, one notice per admin', async () => {
    const item = await createCatalogueItem(db(), { name: 'Rain "poncho"', quantity: 12 });
    const users = await clients(30);
    const replies = await Promise.all(users.map((u) => order(u, 'Rain "poncho"', 1)));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(12);
    expect(statuses.filter((s) => s === 409)).toHaveLength(18);
    expect(await itemStock(db(), item.id)).toBe(0);

    const { rows, item: after } = await noticesOf(item.id);
    expect(rows.map((r) => `${r.user_id}:${r.channel}`).sort()).toEqual(
      bothChannels(await admins()),
    );
    expect(rows[0]?.event_key).toBe(`item.outOfStock:item:${item.id}:${after.updated_at}`);
    // The name is JSON-escaped as the app's own queueing writes it.
    expect(rows[0]?.params).toBe(JSON.stringify({ itemId: item.id, name: 'Rain "poncho"' }));
  });

  it('orders that leave some stock queue nothing', async () => {
    const item = await createCatalogueItem(db(), { name: 'Gloves', quantity: 5 });
    const [a, b] = await clients(2);
    if (a === undefined || b === undefined) throw new Error('no clients');
    const wakes = queuedSince();
    const replies = await Promise.all([order(a, 'Gloves', 2), order(b, 'Gloves', 2)]);
    expect(replies.map((r) => r.status)).toEqual([200, 200]);
    expect(await itemStock(db(), item.id)).toBe(1);
    expect((await noticesOf(item.id)).rows).toEqual([]);
    expect(queuedSince()).toBe(wakes);
  });
});
