// Who sees which orders (domain-decisions.md "Privacy"): a client only their own (cancelled
// ones gone), a volunteer only the orders of rounds they are CONFIRMED on (never a cancelled
// one), an admin all. The address window on these lists: order-privacy.test.ts.
import { beforeAll, describe, expect, it } from 'vitest';
import { userOrdersPath, type OrderReply } from '#shared/contracts/orders';
import { ORDER_MESSAGES } from '#shared/rules/orders';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createSignup,
  createTestRound,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { guestOrder, orderWorld, placeClientOrder, type OrderWorld } from './order-helpers.ts';
import { english } from '../../support/english.ts';

const ISO_UTC = /^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d(\.\d+)?Z$/;

describe.each(testDialects())('order lists (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let world: OrderWorld;
  /** Orders: the client's two open ones (first, second), one cancelled; another client's one. */
  const ids = { first: 0, second: 0, cancelled: 0, others: 0, offRound: 0, guest: 0 };
  let otherRound = 0;
  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    world = await orderWorld(db);
    const socks = await createCatalogueItem(db, { name: 'Socks', sizes: { L: 20 } });
    ids.first = await placeClientOrder(server, world.client, [
      { itemName: 'Socks (L)', quantity: 2 },
      { itemName: 'Hand warmers', quantity: 1 },
    ]);
    ids.second = await placeClientOrder(server, world.client, [
      { itemName: 'Socks (L)', quantity: 1 },
    ]);
    ids.cancelled = await placeClientOrder(server, world.client, [
      { itemName: 'Socks (L)', quantity: 1 },
    ]);
    await call(server.app, 'POST', `/api/orders/${ids.cancelled}/cancel`, {
      as: world.client,
      body: {},
    });
    ids.others = await placeClientOrder(server, world.otherClient, [
      { itemName: 'Socks (L)', quantity: 1 },
    ]);
    const guest = await call(server.app, 'POST', '/api/orders/guest/create', {
      body: guestOrder([{ itemName: socks.name + ' (L)', quantity: 1 }]),
    });
    ids.guest = guest.json<{ orderId: number }>().orderId;
    // An order on another round, where only the outsider is confirmed.
    otherRound = await createTestRound(db, { startsInMs: 72 * 60 * 60 * 1000 });
    await createSignup(db, otherRound, world.outsider.id, 'CONFIRMED');
    ids.offRound = await placeClientOrder(server, world.otherClient, [
      { itemName: 'Tarp', quantity: 1 },
    ]);
    await db
      .updateTable('orders')
      .set({ round_id: otherRound })
      .where('id', '=', ids.offRound)
      .execute();
  });

  function get(url: string, caller?: SignedInUser) {
    return call(server.app, 'GET', url, { as: caller });
  }
  const idsOf = (orders: OrderReply[]) => orders.map((o) => o.orderId);

  it('shows a client their own open orders, newest first, in the spec shape', async () => {
    const url = `${userOrdersPath(world.client.id)}?authenticated=true&userRole=CLIENT&userId=${world.client.id}`;
    const res = await get(url, world.client);
    expect(res.statusCode).toBe(200);
    const body = res.json<{ status: string; orders: OrderReply[] }>();
    expect(body.status).toBe('success');
    expect(idsOf(body.orders)).toEqual([ids.second, ids.first]);
    const first = body.orders[1]!;
    expect(first).toMatchObject({
      orderId: ids.first,
      status: 'PENDING',
      orderType: 'CLIENT',
      userId: world.client.id,
      deliveryAddress: '12 Main St, under the bridge',
      phoneNumber: '5551234567',
      notes: 'Mornings are best',
      roundId: world.round,
      orderItems: [
        { itemName: 'Socks (L)', quantity: 2, isCustom: false },
        { itemName: 'Hand warmers', quantity: 1, isCustom: true },
      ],
    });
    expect(first.requestTime).toMatch(ISO_UTC);
  });

  it("refuses anyone else's history, and non-clients", async () => {
    const own = userOrdersPath(world.client.id);
    expect((await get(own)).statusCode).toBe(401);
    expect((await get(own, world.otherClient)).statusCode).toBe(403);
    expect((await get(own, world.volunteer)).statusCode).toBe(403);
    expect((await get(own, world.admin)).statusCode).toBe(403);
    const forged = await get(
      `${userOrdersPath(world.otherClient.id)}?userId=${world.client.id}`,
      world.client,
    );
    expect(forged.statusCode).toBe(403);
    // Ids past the largest row id are bad input (wire-protocol.md ids), never compared.
    const huge = await get(userOrdersPath('99999999999999999999'), world.client);
    expect(huge.statusCode).toBe(400);
    expect(huge.json<{ message: string }>().message).toMatch(/^userId: /);
    const guest = await get(userOrdersPath('Guest'), world.client);
    expect(guest.statusCode).toBe(400);
    expect(guest.json()).toMatchObject({ message: english(ORDER_MESSAGES.orderHistoryGuest) });
  });

  it('shows an admin every order, with an optional status filter', async () => {
    const all = await get('/api/orders/all?authenticated=true&userRole=VOLUNTEER', world.admin);
    expect(all.statusCode).toBe(200);
    const orders = all.json<{ orders: OrderReply[] }>().orders;
    expect(idsOf(orders).sort((a, b) => a - b)).toEqual(Object.values(ids).sort((a, b) => a - b));
    const guest = orders.find((o) => o.orderId === ids.guest)!;
    expect(guest).toMatchObject({
      orderType: 'GUEST',
      userId: null,
      firstName: 'Gale',
      email: 'gale@example.org',
    });
    const cancelled = await get('/api/orders/all?status=CANCELLED', world.admin);
    expect(idsOf(cancelled.json<{ orders: OrderReply[] }>().orders)).toEqual([ids.cancelled]);
    const bad = await get('/api/orders/all?status=LOST', world.admin);
    expect(bad.statusCode).toBe(400);
    expect(bad.json<{ message: string }>().message).toContain('status');
  });

  it('pages All Orders newest first: every order exactly once, in the unpaged order', async () => {
    type Page = { orders: OrderReply[]; nextCursor: string | null };
    const whole = idsOf((await get('/api/orders/all', world.admin)).json<Page>().orders);
    const seen: number[] = [];
    let before = '';
    for (let pages = 0; pages < 10; pages += 1) {
      const reply = await get(`/api/orders/all?limit=2${before}`, world.admin);
      expect(reply.statusCode).toBe(200);
      const page = reply.json<Page>();
      expect(page.orders.length).toBeLessThanOrEqual(2);
      seen.push(...idsOf(page.orders));
      if (page.nextCursor === null) break;
      before = `&before=${encodeURIComponent(page.nextCursor)}`;
    }
    expect(seen).toEqual(whole);
    // Several statuses at once: the web client's PENDING filter also shows PROCESSING.
    const open = await get('/api/orders/all?status=PENDING,PROCESSING&limit=500', world.admin);
    const openIds = idsOf(open.json<Page>().orders);
    expect(openIds).not.toContain(ids.cancelled);
    expect(openIds).toContain(ids.first);
    expect(open.json<Page>().nextCursor).toBeNull();
  });

  it('refuses a bad page size, cursor or status list with a 400 naming the field', async () => {
    for (const [query, field] of [
      ['limit=0', 'limit'],
      ['limit=501', 'limit'],
      ['limit=1.5', 'limit'],
      ['limit=ten', 'limit'],
      ['limit=5&before=yesterday', 'before'],
      ['limit=5&before=2026-11-22T09:00:00.000Z_0', 'before'],
      ['status=PENDING,,LOST', 'status'],
    ] as const) {
      const reply = await get(`/api/orders/all?${query}`, world.admin);
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json<{ message: string }>().message, query).toContain(field);
    }
  });

  it('shows a volunteer only the orders of rounds they are confirmed on, none cancelled', async () => {
    const confirmed = await get('/api/orders/all', world.volunteer);
    expect(confirmed.statusCode).toBe(200);
    const onRound = [ids.first, ids.second, ids.others, ids.guest];
    expect(idsOf(confirmed.json<{ orders: OrderReply[] }>().orders).sort((a, b) => a - b)).toEqual(
      onRound.sort((a, b) => a - b),
    );
    const outsider = await get('/api/orders/all', world.outsider);
    expect(idsOf(outsider.json<{ orders: OrderReply[] }>().orders)).toEqual([ids.offRound]);
    const waitlisted = await get('/api/orders/all', world.waitlisted);
    expect(waitlisted.json()).toEqual({ status: 'success', orders: [] });
    expect((await get('/api/orders/all', world.client)).statusCode).toBe(403);
    expect((await get('/api/orders/all')).statusCode).toBe(401);
  });

  it('gives a confirmed volunteer their assigned open and completed orders, with addresses', async () => {
    const db = server.app.ctx.opened.db;
    await db
      .updateTable('orders')
      .set({ status: 'COMPLETED' })
      .where('id', '=', ids.second)
      .execute();
    const res = await get('/api/orders/volunteer/assigned?userRole=VOLUNTEER', world.volunteer);
    expect(res.statusCode).toBe(200);
    const orders = res.json<{ orders: OrderReply[] }>().orders;
    expect(idsOf(orders).sort((a, b) => a - b)).toEqual(
      [ids.first, ids.second, ids.others, ids.guest].sort((a, b) => a - b),
    );
    expect(orders.find((o) => o.orderId === ids.second)?.status).toBe('COMPLETED');
    expect(orders.find((o) => o.orderId === ids.first)).toMatchObject({
      deliveryAddress: '12 Main St, under the bridge',
      phoneNumber: '5551234567',
      roundId: world.round,
    });
    for (const v of [world.waitlisted]) {
      const none = await get('/api/orders/volunteer/assigned', v);
      expect(none.json()).toEqual({ status: 'success', orders: [] });
    }
    const outsider = await get('/api/orders/volunteer/assigned', world.outsider);
    expect(idsOf(outsider.json<{ orders: OrderReply[] }>().orders)).toEqual([ids.offRound]);
    for (const other of [world.client, world.admin]) {
      expect((await get('/api/orders/volunteer/assigned', other)).statusCode).toBe(403);
    }
    expect((await get('/api/orders/volunteer/assigned')).statusCode).toBe(401);
    const forged = await get(
      `/api/orders/volunteer/assigned?userId=${world.outsider.id}`,
      world.volunteer,
    );
    expect(forged.statusCode).toBe(403);
  });
});
