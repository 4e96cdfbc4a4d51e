// PUT /api/orders/{orderId}/status (a volunteer confirmed on the order's round completes it)
// and PUT /api/admin/orders/{orderId}/round (an admin moves an open order).
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { adminOrderRoundPath, orderStatusPath } from '#shared/contracts/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import {
  itemStock,
  orderRow,
  orderWorld,
  placeClientOrder,
  type OrderWorld,
} from './order-helpers.ts';

describe.each(testDialects())('completing and moving orders (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let world: OrderWorld;
  let item: { id: number; name: string };
  beforeAll(async () => {
    world = await orderWorld(server.app.ctx.opened.db);
    item = await createCatalogueItem(server.app.ctx.opened.db, { quantity: 100 });
  });
  const db = () => server.app.ctx.opened.db;
  const newOrder = () =>
    placeClientOrder(server, world.client, [{ itemName: item.name, quantity: 2 }]);

  function complete(orderId: number | string, caller?: SignedInUser, body: object = {}) {
    return call(server.app, 'PUT', orderStatusPath(orderId), {
      body: { authenticated: true, userRole: 'VOLUNTEER', status: 'COMPLETED', ...body },
      as: caller,
    });
  }

  /** caller null: signed out. */
  function move(orderId: number, roundId: unknown, caller: SignedInUser | null = world.admin) {
    return call(server.app, 'PUT', adminOrderRoundPath(orderId), {
      body: { roundId },
      as: caller ?? undefined,
    });
  }

  it('lets a confirmed volunteer complete an order, without moving stock', async () => {
    const orderId = await newOrder();
    const stock = await itemStock(db(), item.id);
    const res = await complete(orderId, world.volunteer, { userId: world.volunteer.id });
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success' });
    expect((await orderRow(db(), orderId)).status).toBe('COMPLETED');
    expect(await itemStock(db(), item.id)).toBe(stock);
    const again = await complete(orderId, world.volunteer);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({ message: 'This order was already completed.' });
  });

  it('refuses everyone but a volunteer confirmed on the round', async () => {
    const orderId = await newOrder();
    expect((await complete(orderId)).statusCode).toBe(401);
    for (const caller of [world.client, world.admin]) {
      expect((await complete(orderId, caller)).statusCode).toBe(403);
    }
    for (const caller of [world.waitlisted, world.outsider]) {
      const res = await complete(orderId, caller);
      expect(res.statusCode).toBe(403);
      expect(res.json<{ message: string }>().message).toContain('confirmed');
    }
    const forged = await complete(orderId, world.volunteer, { userId: world.outsider.id });
    expect(forged.statusCode).toBe(403);
    expect((await complete(999_999, world.volunteer)).statusCode).toBe(404);
    expect((await complete('99999999999', world.volunteer)).statusCode).toBe(400);
    expect((await orderRow(db(), orderId)).status).toBe('PENDING');
  });

  it('takes no status a volunteer cannot set, and refuses a cancelled order with 409', async () => {
    const orderId = await newOrder();
    for (const status of ['CANCELLED', 'PENDING', 'completed', 5]) {
      const res = await complete(orderId, world.volunteer, { status });
      expect(res.statusCode, String(status)).toBe(400);
      expect(res.json<{ message: string }>().message).toContain('status');
    }
    const missing = await call(server.app, 'PUT', orderStatusPath(orderId), {
      as: world.volunteer,
      body: {},
    });
    expect(missing.statusCode).toBe(400);
    await call(server.app, 'POST', `/api/orders/${orderId}/cancel`, { as: world.client, body: {} });
    const res = await complete(orderId, world.volunteer);
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({ error: 'CONFLICT', message: 'This order was cancelled.' });
  });

  it('replays a completion with its Idempotency-Key', async () => {
    const orderId = await newOrder();
    const headers = { 'idempotency-key': randomUUID() };
    const send = () =>
      call(server.app, 'PUT', orderStatusPath(orderId), {
        as: world.volunteer,
        body: { status: 'COMPLETED' },
        headers,
      });
    expect((await send()).statusCode).toBe(200);
    const replay = await send();
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
  });

  it('lets an admin move an open order to another round or to none', async () => {
    const orderId = await newOrder();
    const later = await createTestRound(db(), { startsInMs: 96 * 60 * 60 * 1000 });
    const res = await move(orderId, String(later));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toMatchObject({ status: 'success', orderId, roundId: later });
    expect((await orderRow(db(), orderId)).round_id).toBe(later);
    // Off the volunteer's round: they may no longer complete it.
    expect((await complete(orderId, world.volunteer)).statusCode).toBe(403);
    expect((await move(orderId, null)).statusCode).toBe(200);
    expect((await orderRow(db(), orderId)).round_id).toBeNull();
  });

  it('refuses a move to a missing or cancelled round, of a final order, or by a non-admin', async () => {
    const orderId = await newOrder();
    const cancelled = await createTestRound(db(), { status: 'CANCELLED' });
    expect((await move(orderId, 999_999)).statusCode).toBe(404);
    const toCancelled = await move(orderId, cancelled);
    expect(toCancelled.statusCode).toBe(409);
    expect(toCancelled.json<{ message: string }>().message).toContain('cancelled');
    for (const bad of ['abc', -1, 1.5, { id: 1 }, 99_999_999_999]) {
      expect((await move(orderId, bad)).statusCode, JSON.stringify(bad)).toBe(400);
    }
    expect(
      (await call(server.app, 'PUT', adminOrderRoundPath(orderId), { as: world.admin, body: {} }))
        .statusCode,
    ).toBe(400);
    expect((await move(orderId, world.round, null)).statusCode).toBe(401);
    for (const caller of [world.client, world.volunteer]) {
      expect((await move(orderId, null, caller)).statusCode).toBe(403);
    }
    expect((await move(999_999, null)).statusCode).toBe(404);
    await db()
      .updateTable('orders')
      .set({ status: 'COMPLETED' })
      .where('id', '=', orderId)
      .execute();
    const final = await move(orderId, null);
    expect(final.statusCode).toBe(409);
    expect((await orderRow(db(), orderId)).round_id).toBe(world.round);
  });
});
