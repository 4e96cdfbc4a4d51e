// A client's recently cancelled orders (issue 20 item 5): GET /api/orders/user/{userId}/cancelled
// lists the caller's own orders cancelled in the last CANCELLED_SHOWN_DAYS, newest first, with
// cancelledBy 'you' (their own cancel) or 'team' (an admin's; the admin's id or name never
// appears), and cancelledAt. Both cancel paths record who cancelled in orders.cancelled_by.
// The spec's history (GET /api/orders/user/{userId}) still leaves cancelled orders out.
import { beforeAll, describe, expect, it } from 'vitest';
import {
  CANCELLED_SHOWN_DAYS,
  userCancelledOrdersPath,
  userOrdersPath,
  type CancelledOrdersReply,
  type OrderListReply,
} from '#shared/contracts/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { orderRow, orderWorld, placeClientOrder, type OrderWorld } from './order-helpers.ts';

const DAY_MS = 24 * 60 * 60 * 1000;

describe.each(testDialects())('a client’s cancelled orders (%s)', (dialect) => {
  let now = new Date();
  const server = useTestServer(dialect, { clock: () => now });
  let world: OrderWorld;
  const ids = { own: 0, byTeam: 0, open: 0, others: 0 };
  let cancelledByTeamAt = 0;
  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    world = await orderWorld(db);
    await createCatalogueItem(db, { name: 'Blanket', quantity: 50 });
    const place = (who: SignedInUser) =>
      placeClientOrder(server, who, [{ itemName: 'Blanket', quantity: 1 }]);
    ids.own = await place(world.client);
    ids.byTeam = await place(world.client);
    ids.open = await place(world.client);
    ids.others = await place(world.otherClient);
    const cancel = (orderId: number, as: SignedInUser) =>
      call(server.app, 'POST', `/api/orders/${orderId}/cancel`, { as, body: {} });
    expect((await cancel(ids.own, world.client)).statusCode).toBe(200);
    expect((await cancel(ids.byTeam, world.admin)).statusCode).toBe(200);
    expect((await cancel(ids.others, world.admin)).statusCode).toBe(200);
    // As if the client's own cancel was an hour before the team's (writes use the real clock).
    const row = await orderRow(db, ids.own);
    const earlier = new Date(Date.parse(row.updated_at) - 60 * 60 * 1000).toISOString();
    await db.updateTable('orders').set({ updated_at: earlier }).where('id', '=', ids.own).execute();
    cancelledByTeamAt = Date.parse((await orderRow(db, ids.byTeam)).updated_at);
  });

  const cancelledOf = (who: SignedInUser, userId = who.id) =>
    call(server.app, 'GET', userCancelledOrdersPath(userId), { as: who });

  it('records who cancelled on both cancel paths', async () => {
    const db = server.app.ctx.opened.db;
    expect((await orderRow(db, ids.own)).cancelled_by).toBe(world.client.id);
    expect((await orderRow(db, ids.byTeam)).cancelled_by).toBe(world.admin.id);
    expect((await orderRow(db, ids.open)).cancelled_by).toBeNull();
  });

  it('lists only the caller’s cancelled orders, newest first, with who cancelled', async () => {
    const res = await cancelledOf(world.client);
    expect(res.statusCode).toBe(200);
    const body = res.json<CancelledOrdersReply>();
    expect(body.status).toBe('success');
    expect(body.orders.map((o) => [o.orderId, o.status, o.cancelledBy])).toEqual([
      [ids.byTeam, 'CANCELLED', 'team'],
      [ids.own, 'CANCELLED', 'you'],
    ]);
    const [byTeam, own] = body.orders;
    expect(Date.parse(byTeam!.cancelledAt)).toBeGreaterThan(Date.parse(own!.cancelledAt));
    // The client's own address, as in their history; never the admin who cancelled.
    expect(byTeam!.deliveryAddress).not.toBeNull();
    expect(res.body).not.toContain(world.admin.username);
    expect(res.body).not.toContain(`"cancelledBy":${world.admin.id}`);
  });

  it('leaves the spec’s history as it was: no cancelled order there', async () => {
    const res = await call(server.app, 'GET', userOrdersPath(world.client.id), {
      as: world.client,
    });
    const ids2 = res.json<OrderListReply>().orders.map((o) => o.orderId);
    expect(ids2).toContain(ids.open);
    expect(ids2).not.toContain(ids.own);
    expect(ids2).not.toContain(ids.byTeam);
  });

  it('refuses someone else’s list and callers who are not clients', async () => {
    expect((await cancelledOf(world.otherClient, world.client.id)).statusCode).toBe(403);
    expect((await cancelledOf(world.admin, world.client.id)).statusCode).toBe(403);
    const signedOut = await call(server.app, 'GET', userCancelledOrdersPath(world.client.id));
    expect(signedOut.statusCode).toBe(401);
    const bad = await cancelledOf(world.client, 0);
    expect(bad.statusCode).toBe(400);
  });

  it(`drops an order ${CANCELLED_SHOWN_DAYS} days after it was cancelled`, async () => {
    const before = now;
    try {
      // The client's own cancel (an hour earlier) is past the window, the team's not yet.
      now = new Date(cancelledByTeamAt + CANCELLED_SHOWN_DAYS * DAY_MS - 60_000);
      const still = (await cancelledOf(world.client)).json<CancelledOrdersReply>();
      expect(still.orders.map((o) => o.orderId)).toEqual([ids.byTeam]);
      now = new Date(cancelledByTeamAt + CANCELLED_SHOWN_DAYS * DAY_MS + 60_000);
      const gone = (await cancelledOf(world.client)).json<CancelledOrdersReply>();
      expect(gone.orders).toEqual([]);
    } finally {
      now = before;
    }
  });
});
