// POST /api/orders/create and /api/orders/guest/create: who may order, what gets reserved,
// how lines are read, and what bad input gets back.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import { ORDER_MESSAGES } from '#shared/rules/orders';
import { startTestServer, testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem, createTestRound } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import {
  clientOrder,
  countOrders,
  guestOrder,
  itemStock,
  orderLines,
  orderRow,
  orderWorld,
  sizeStock,
  type OrderWorld,
} from './order-helpers.ts';
import { english } from '../../support/english.ts';

const CREATE = '/api/orders/create';
const GUEST = '/api/orders/guest/create';

describe.each(testDialects())('placing orders (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  let world: OrderWorld;
  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    // A cancelled round sooner and a scheduled one later: orders go to world.round.
    await createTestRound(db, { startsInMs: 10 * 60 * 1000, status: 'CANCELLED' });
    await createTestRound(db, { startsInMs: 48 * 60 * 60 * 1000 });
    world = await orderWorld(db);
  });
  const db = () => server.app.ctx.opened.db;

  it('reserves sized and unsized lines, keeps custom ones, sums duplicates', async () => {
    const socks = await createCatalogueItem(db(), { name: 'Socks', sizes: { M: 5, L: 8 } });
    const gloves = await createCatalogueItem(db(), { name: 'Gloves (nitrile)', quantity: 20 });
    const res = await call(server.app, 'POST', CREATE, {
      as: world.client,
      body: clientOrder(
        world.client.id,
        [
          { itemName: 'socks (l)', quantity: 2 },
          { itemName: 'Gloves (nitrile)', quantity: 3 },
          { itemName: 'Socks (L)', quantity: 1 },
          { itemName: '  Warm hat  ', quantity: 1 },
        ],
        { latitude: 40.4, longitude: -79.9 },
      ),
    });
    expect(res.statusCode, res.body).toBe(200);
    const reply = res.json<{ status: string; orderId: number; orderStatus: string }>();
    expect(reply).toMatchObject({ status: 'success', orderStatus: 'PENDING' });
    expect(typeof reply.orderId).toBe('number');

    expect(await sizeStock(db(), socks.id, 'L')).toBe(5);
    expect(await sizeStock(db(), socks.id, 'M')).toBe(5);
    expect(await itemStock(db(), socks.id)).toBe(10);
    expect(await itemStock(db(), gloves.id)).toBe(17);

    const order = await orderRow(db(), reply.orderId);
    expect(order).toMatchObject({
      user_id: world.client.id,
      order_type: 'CLIENT',
      status: 'PENDING',
      round_id: world.round,
      delivery_address: '12 Main St, under the bridge',
      phone_number: '5551234567',
      notes: 'Mornings are best',
      latitude: 40.4,
      longitude: -79.9,
    });
    const lines = await orderLines(db(), reply.orderId);
    expect(
      lines.map((l) => [l.item_name, l.quantity, l.cargo_item_id, l.size_label, l.is_custom]),
    ).toEqual([
      ['Socks (L)', 3, socks.id, 'L', 0],
      ['Gloves (nitrile)', 3, gloves.id, null, 0],
      ['Warm hat', 1, null, null, 1],
    ]);
  });

  it('refuses a short order whole with 409 naming each short line, reserving nothing', async () => {
    const boots = await createCatalogueItem(db(), { name: 'Boots', sizes: { '9': 2, '10': 4 } });
    const soap = await createCatalogueItem(db(), { name: 'Soap', quantity: 1 });
    const tape = await createCatalogueItem(db(), { name: 'Tape', quantity: 50 });
    const before = await countOrders(db());
    const res = await call(server.app, 'POST', CREATE, {
      as: world.client,
      body: clientOrder(world.client.id, [
        { itemName: 'Tape', quantity: 5 },
        { itemName: 'Boots (9)', quantity: 3 },
        { itemName: 'Boots (10)', quantity: 4 },
        { itemName: 'Soap', quantity: 2 },
      ]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      status: 'error',
      error: 'CONFLICT',
      message: 'Boots (9): only 2 left; Soap: only 1 left',
    });
    expect(await itemStock(db(), tape.id)).toBe(50);
    expect(await sizeStock(db(), boots.id, '10')).toBe(4);
    expect(await itemStock(db(), boots.id)).toBe(6);
    expect(await itemStock(db(), soap.id)).toBe(1);
    expect(await countOrders(db())).toBe(before);
  });

  it('answers an unknown size, or a sized item without a size, with 400', async () => {
    await createCatalogueItem(db(), { name: 'Jacket', sizes: { S: 3 } });
    await createCatalogueItem(db(), { name: 'Blanket', quantity: 3 });
    const cases: [string, string][] = [
      ['Jacket (XXL)', 'Unknown size "XXL" for Jacket.'],
      ['Blanket (L)', 'Unknown size "L" for Blanket.'],
      ['Jacket', 'Please choose a size for Jacket.'],
    ];
    for (const [itemName, message] of cases) {
      const res = await call(server.app, 'POST', CREATE, {
        as: world.client,
        body: clientOrder(world.client.id, [{ itemName, quantity: 1 }]),
      });
      expect(res.statusCode, itemName).toBe(400);
      expect(res.json()).toMatchObject({ error: 'BAD_REQUEST', message });
    }
  });

  it('answers bad input with 400 and a message naming the field; nothing is stored', async () => {
    const ok = [{ itemName: 'Anything', quantity: 1 }];
    const cases: [object | string, string][] = [
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: 0 }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: -3 }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: 1.5 }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: 10_001 }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: 1e15 }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: '3' }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: 'X', quantity: null }]), 'items.0.quantity'],
      [clientOrder(world.client.id, [{ itemName: '  ', quantity: 1 }]), 'items.0.itemName'],
      [clientOrder(world.client.id, [{ quantity: 1 } as never]), 'items.0.itemName'],
      [clientOrder(world.client.id, []), english(ORDER_MESSAGES.cartEmpty)],
      [clientOrder(world.client.id, ok, { items: undefined }), english(ORDER_MESSAGES.cartEmpty)],
      [clientOrder(world.client.id, ok, { items: 'socks' }), 'items'],
      [
        clientOrder(
          world.client.id,
          Array.from({ length: 51 }, (_, i) => ({ itemName: `Thing ${i}`, quantity: 1 })),
        ),
        'items',
      ],
      [
        clientOrder(world.client.id, ok, { deliveryAddress: '  ' }),
        english(ORDER_MESSAGES.clientOrderFields),
      ],
      [
        clientOrder(world.client.id, ok, { phoneNumber: undefined }),
        english(ORDER_MESSAGES.clientOrderFields),
      ],
      [clientOrder(world.client.id, ok, { notes: '' }), english(ORDER_MESSAGES.clientOrderFields)],
      [clientOrder(world.client.id, ok, { notes: 'n'.repeat(2001) }), 'notes'],
      [clientOrder(world.client.id, ok, { deliveryAddress: 42 }), 'deliveryAddress'],
      [clientOrder(world.client.id, ok, { latitude: 91 }), 'latitude'],
      [clientOrder(world.client.id, ok, { longitude: -180.5 }), 'longitude'],
      [clientOrder(world.client.id, ok, { latitude: 'north' }), 'latitude'],
      ['just text', ''],
    ];
    const before = await countOrders(db());
    for (const [body, expected] of cases) {
      const res = await call(server.app, 'POST', CREATE, { as: world.client, body });
      expect(res.statusCode, JSON.stringify(body).slice(0, 120)).toBe(400);
      const envelope = res.json<{ status: string; error: string; message: string }>();
      expect(envelope).toMatchObject({ status: 'error', error: 'BAD_REQUEST' });
      expect(envelope.message).toContain(expected);
    }
    expect(await countOrders(db())).toBe(before);
  });

  it('answers a 10 MB notes field with 413', async () => {
    const body = clientOrder(world.client.id, [{ itemName: 'X', quantity: 1 }], {
      notes: 'n'.repeat(10 * 1024 * 1024),
    });
    const res = await call(server.app, 'POST', CREATE, { as: world.client, body });
    expect(res.statusCode).toBe(413);
    expect(res.json()).toMatchObject({ status: 'error', error: 'PAYLOAD_TOO_LARGE' });
  });

  it('lets only a signed-in CLIENT order, as themself', async () => {
    const items = [{ itemName: 'Custom thing', quantity: 1 }];
    const denied: [string | undefined, object, number][] = [
      [undefined, clientOrder(world.client.id, items), 401],
      [world.volunteer.cookie, clientOrder(world.volunteer.id, items), 403],
      [world.admin.cookie, clientOrder(world.admin.id, items), 403],
      [world.client.cookie, clientOrder(world.otherClient.id, items), 403],
      [world.client.cookie, clientOrder(world.client.id, items, { userId: 'abc' }), 403],
    ];
    const before = await countOrders(db());
    for (const [cookie, body, status] of denied) {
      const res = await call(server.app, 'POST', CREATE, {
        body,
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode).toBe(status);
      expect(res.json<{ status: string }>().status).toBe('error');
    }
    expect(await countOrders(db())).toBe(before);
    // A claimed role is ignored: the session's CLIENT places a CLIENT order for themself.
    const res = await call(server.app, 'POST', CREATE, {
      as: world.otherClient,
      body: clientOrder(world.otherClient.id, items, { userRole: 'ADMIN' }),
    });
    expect(res.statusCode).toBe(200);
    const order = await orderRow(db(), res.json<{ orderId: number }>().orderId);
    expect(order).toMatchObject({ user_id: world.otherClient.id, order_type: 'CLIENT' });
  });

  it('reserves once for an order replayed with its Idempotency-Key', async () => {
    const mask = await createCatalogueItem(db(), { name: 'Masks', quantity: 30 });
    const key = randomUUID();
    const body = clientOrder(world.client.id, [{ itemName: 'Masks', quantity: 4 }]);
    const send = () =>
      call(server.app, 'POST', CREATE, {
        as: world.client,
        body,
        headers: { 'idempotency-key': key },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    expect(second.json()).toEqual(first.json());
    expect(await itemStock(db(), mask.id)).toBe(26);
    const other = await call(server.app, 'POST', CREATE, {
      as: world.client,
      body: clientOrder(world.client.id, [{ itemName: 'Masks', quantity: 5 }]),
      headers: { 'idempotency-key': key },
    });
    expect(other.statusCode).toBe(422);
    expect(await itemStock(db(), mask.id)).toBe(26);
  });

  it('replays a refusal as a refusal, even once stock is back', async () => {
    const pads = await createCatalogueItem(db(), { name: 'Pads', quantity: 1 });
    const key = randomUUID();
    const body = clientOrder(world.client.id, [{ itemName: 'Pads', quantity: 2 }]);
    const headers = { 'idempotency-key': key };
    const first = await call(server.app, 'POST', CREATE, { as: world.client, body, headers });
    expect(first.statusCode).toBe(409);
    await db().updateTable('cargo_items').set({ quantity: 10 }).where('id', '=', pads.id).execute();
    const again = await call(server.app, 'POST', CREATE, { as: world.client, body, headers });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual(first.json());
    expect(await itemStock(db(), pads.id)).toBe(10);
  });

  it('takes guest orders from anyone, as GUEST orders with no account', async () => {
    const wipes = await createCatalogueItem(db(), { name: 'Wipes', quantity: 9 });
    for (const cookie of [undefined, world.client.cookie]) {
      const res = await call(server.app, 'POST', GUEST, {
        body: guestOrder([{ itemName: 'Wipes', quantity: 2 }], { userId: undefined }),
        headers: cookie ? { cookie } : {},
      });
      expect(res.statusCode, res.body).toBe(200);
      const reply = res.json<{ status: string; orderId: number; orderStatus: string }>();
      expect(reply).toMatchObject({ status: 'success', orderStatus: 'PENDING' });
      expect(await orderRow(db(), reply.orderId)).toMatchObject({
        user_id: null,
        order_type: 'GUEST',
        status: 'PENDING',
        first_name: 'Gale',
        last_name: 'Guest',
        email: 'gale@example.org',
        phone_number: '5559876543',
        delivery_address: 'Corner of 5th and Pine',
        notes: 'Gale Guest: blue tent',
        round_id: world.round,
      });
    }
    expect(await itemStock(db(), wipes.id)).toBe(5);
  });

  it('answers a guest order with missing fields with the spec messages', async () => {
    const ok = [{ itemName: 'Anything', quantity: 1 }];
    const cases: [object, string][] = [
      [guestOrder([]), english(ORDER_MESSAGES.cartEmpty)],
      [guestOrder(ok, { deliveryAddress: ' ' }), english(ORDER_MESSAGES.guestAddress)],
      [guestOrder(ok, { firstName: '' }), english(ORDER_MESSAGES.guestFields)],
      [guestOrder(ok, { email: undefined }), english(ORDER_MESSAGES.guestFields)],
      [guestOrder(ok, { notes: null }), english(ORDER_MESSAGES.guestFields)],
      [guestOrder([{ itemName: 'X', quantity: 0 }]), 'items.0.quantity'],
      [guestOrder(ok, { userId: world.client.id }), 'userId'],
    ];
    for (const [body, message] of cases) {
      const res = await call(server.app, 'POST', GUEST, { body });
      expect([400, 403]).toContain(res.statusCode);
      expect(res.json<{ message: string }>().message).toContain(
        message === 'userId' ? 'userId' : message,
      );
    }
  });
});

describe.each(testDialects())('placing orders without an upcoming round (%s)', (dialect) => {
  it('attaches the order to no round', async () => {
    const server = await startTestServer(dialect);
    try {
      const db = server.app.ctx.opened.db;
      await createTestRound(db, { startsInMs: -60 * 60 * 1000 });
      const world = await orderWorld(db);
      await db.deleteFrom('rounds').where('id', '=', world.round).execute();
      const res = await call(server.app, 'POST', GUEST, {
        body: guestOrder([{ itemName: 'Bandages', quantity: 1 }]),
      });
      expect(res.statusCode).toBe(200);
      expect((await orderRow(db, res.json<{ orderId: number }>().orderId)).round_id).toBeNull();
    } finally {
      await server.close();
    }
  });
});

describe('guest order rate limit', () => {
  it('answers 429 with Retry-After once one address sends too many', async () => {
    const server = await startTestServer('sqlite');
    try {
      const statuses: number[] = [];
      for (let i = 0; i < 22; i += 1) {
        const res = await call(server.app, 'POST', GUEST, {
          // A phone and email each: 2 guest orders per phone or email a day is another rule.
          body: guestOrder([{ itemName: `Custom ${i}`, quantity: 1 }], {
            phone: `41255501${String(i).padStart(2, '0')}`,
            email: `guest-${i}@example.org`,
          }),
        });
        statuses.push(res.statusCode);
        if (res.statusCode === 429) expect(res.headers['retry-after']).toBeDefined();
      }
      expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
      expect(statuses.at(-1)).toBe(429);
    } finally {
      await server.close();
    }
  });
});
