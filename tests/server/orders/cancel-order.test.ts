// POST /api/orders/{orderId}/cancel: the owner or an admin cancels an open order and its
// stock comes back in the same step; everyone else learns nothing.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { cancelOrderPath } from '#shared/contracts/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import {
  itemStock,
  orderRow,
  orderWorld,
  placeClientOrder,
  sizeStock,
  type OrderWorld,
} from './order-helpers.ts';

describe.each(testDialects())('cancelling orders (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let world: OrderWorld;
  beforeAll(async () => {
    world = await orderWorld(server.app.ctx.opened.db);
  });
  const db = () => server.app.ctx.opened.db;

  function cancel(orderId: number | string, cookie?: string, body: object = {}) {
    return call(server.app, 'POST', cancelOrderPath(orderId), {
      body: { authenticated: true, userRole: 'CLIENT', ...body },
      headers: cookie === undefined ? {} : { cookie },
    });
  }

  it('gives the stock back when the owner cancels, and only once', async () => {
    const socks = await createCatalogueItem(db(), { sizes: { S: 4, L: 6 } });
    const soap = await createCatalogueItem(db(), { quantity: 10 });
    const orderId = await placeClientOrder(server, world.client, [
      { itemName: `${socks.name} (L)`, quantity: 5 },
      { itemName: soap.name, quantity: 3 },
      { itemName: 'A custom request', quantity: 2 },
    ]);
    expect(await itemStock(db(), socks.id)).toBe(5);
    const res = await cancel(orderId, world.client.cookie, { userId: world.client.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', message: 'Order cancelled.' });
    expect((await orderRow(db(), orderId)).status).toBe('CANCELLED');
    expect(await sizeStock(db(), socks.id, 'L')).toBe(6);
    expect(await sizeStock(db(), socks.id, 'S')).toBe(4);
    expect(await itemStock(db(), socks.id)).toBe(10);
    expect(await itemStock(db(), soap.id)).toBe(10);

    const again = await cancel(orderId, world.client.cookie);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ error: 'CONFLICT', message: 'This order was cancelled.' });
    expect(await itemStock(db(), soap.id)).toBe(10);
  });

  it('lets an admin cancel any open order, and nobody cancel a completed one', async () => {
    const item = await createCatalogueItem(db(), { quantity: 5 });
    const orderId = await placeClientOrder(server, world.client, [
      { itemName: item.name, quantity: 2 },
    ]);
    const res = await cancel(orderId, world.admin.cookie, { adminUsername: world.admin.username });
    expect(res.statusCode).toBe(200);
    expect(await itemStock(db(), item.id)).toBe(5);

    const done = await placeClientOrder(server, world.client, [
      { itemName: item.name, quantity: 1 },
    ]);
    await db().updateTable('orders').set({ status: 'COMPLETED' }).where('id', '=', done).execute();
    for (const cookie of [world.client.cookie, world.admin.cookie]) {
      const refused = await cancel(done, cookie);
      expect(refused.statusCode).toBe(409);
      expect(refused.json<{ message: string }>().message).toMatch(/completed/);
    }
    expect(await itemStock(db(), item.id)).toBe(4);
  });

  it('keeps other callers out: 401, 403, or 404 for someone else’s order', async () => {
    const item = await createCatalogueItem(db(), { quantity: 5 });
    const orderId = await placeClientOrder(server, world.client, [
      { itemName: item.name, quantity: 2 },
    ]);
    expect((await cancel(orderId)).statusCode).toBe(401);
    for (const v of [world.volunteer, world.outsider]) {
      expect((await cancel(orderId, v.cookie)).statusCode).toBe(403);
    }
    const other = await cancel(orderId, world.otherClient.cookie);
    expect(other.statusCode).toBe(404);
    expect(other.json()).toMatchObject({ message: 'Order not found.' });
    const missing = await cancel(999_999, world.otherClient.cookie);
    expect(missing.json()).toEqual(other.json());
    const forged = await cancel(orderId, world.otherClient.cookie, { userId: world.client.id });
    expect(forged.statusCode).toBe(403);
    expect((await cancel('abc', world.client.cookie)).statusCode).toBe(400);
    expect((await cancel('99999999999', world.client.cookie)).statusCode).toBe(400);
    expect((await orderRow(db(), orderId)).status).toBe('PENDING');
    expect(await itemStock(db(), item.id)).toBe(3);
  });

  it('returns stock once for a cancel replayed with its Idempotency-Key', async () => {
    const item = await createCatalogueItem(db(), { quantity: 8 });
    const orderId = await placeClientOrder(server, world.client, [
      { itemName: item.name, quantity: 3 },
    ]);
    const headers = { 'idempotency-key': randomUUID() };
    const send = () =>
      call(server.app, 'POST', cancelOrderPath(orderId), {
        as: world.client,
        body: { userId: world.client.id },
        headers,
      });
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(await itemStock(db(), item.id)).toBe(8);
  });

  it('gives back to sizes and items that still exist only', async () => {
    const item = await createCatalogueItem(db(), { sizes: { S: 5, M: 5 } });
    const orderId = await placeClientOrder(server, world.client, [
      { itemName: `${item.name} (S)`, quantity: 2 },
      { itemName: `${item.name} (M)`, quantity: 1 },
    ]);
    // The admin drops size S meanwhile (and the total follows the remaining sizes).
    await db()
      .deleteFrom('cargo_item_sizes')
      .where('item_id', '=', item.id)
      .where('size_label', '=', 'S')
      .execute();
    await db().updateTable('cargo_items').set({ quantity: 4 }).where('id', '=', item.id).execute();
    expect((await cancel(orderId, world.client.cookie)).statusCode).toBe(200);
    expect(await sizeStock(db(), item.id, 'M')).toBe(5);
    expect(await itemStock(db(), item.id)).toBe(5);
  });
});
