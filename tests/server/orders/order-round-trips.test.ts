// Round trips to PostgreSQL per order (issue 18): an encrypted, idempotent client order,
// counted at the pg client (every query the app sends, BEGIN and COMMIT included). The figure
// is deterministic, unlike throughput on a shared machine, so it is what this test holds.
// SQLite has no round trips; the test runs where PostgreSQL does.
import pg from 'pg';
import { describe, expect, it, vi } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createSignedInUser,
  createTestRound,
} from '../../support/factories.ts';
import { handshake, openReply, sendEncrypted } from '../security/secure-client.ts';
import { ORDER_LIMIT_MESSAGES } from '#shared/rules/order-limits';
import { call } from '../../support/inject.ts';
import { clientOrder } from './order-helpers.ts';
import { english } from '../../support/english.ts';

/**
 * The fast path's budget: the request's one lookup (login, secure session, stored key), the
 * catalogue, the order with its IV (place_sealed_orders). It was 6 before: login, secure
 * session, IV and stored key were a round trip each.
 */
const MAX_ROUND_TRIPS = 3;

const dialects = testDialects().filter((d) => d === 'postgres');

describe.skipIf(dialects.length === 0)('round trips per order (postgres)', () => {
  // The notification worker polls every few seconds: its queries would land in the count.
  const server = useTestServer('postgres', { rateLimitScale: 1000, notificationWorker: false });
  const sent: string[] = [];

  /** Counts what the app sends to PostgreSQL while `run` runs (a spy: every query still runs). */
  async function counted<T>(run: () => Promise<T>): Promise<T> {
    const spy = vi.spyOn(pg.Client.prototype, 'query');
    try {
      return await run();
    } finally {
      sent.length = 0;
      for (const [first] of spy.mock.calls as unknown[][]) {
        sent.push(typeof first === 'string' ? first : String((first as { text?: string }).text));
      }
      spy.mockRestore();
    }
  }

  it(`places an encrypted idempotent order in at most ${MAX_ROUND_TRIPS} round trips`, async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Socks', sizes: { M: 50 } });
    await createCatalogueItem(db, { name: 'Soap', quantity: 50 });
    await createTestRound(db, { startsInMs: 60 * 60 * 1000 });
    const user = await createSignedInUser(db);
    const session = await handshake(server);
    const body = clientOrder(user.id, [
      { itemName: 'Socks (M)', quantity: 1 },
      { itemName: 'Soap', quantity: 2 },
      { itemName: 'Warm hat', quantity: 1 },
    ]);
    const order = (key: string) =>
      sendEncrypted(server, session, {
        method: 'POST',
        url: '/api/orders/create',
        body,
        headers: { cookie: user.cookie, 'idempotency-key': key },
      });
    // The first order warms what is cached per process (prepared statements, the pool).
    expect((await order('00000000-0000-4000-8000-000000000001')).statusCode).toBe(200);
    const res = await counted(() => order('00000000-0000-4000-8000-000000000002'));
    expect(res.statusCode).toBe(200);
    expect(await openReply(session, res)).toMatchObject({ status: 'success' });
    console.log(`round trips per order: ${sent.length}\n  ${sent.join('\n  ')}`);
    expect(sent.length).toBeLessThanOrEqual(MAX_ROUND_TRIPS);
  });

  it('answers a replay of an order placed in one statement with its first reply, and a reused key with 422', async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Gloves', quantity: 5 });
    const user = await createSignedInUser(db);
    const body = clientOrder(user.id, [{ itemName: 'Gloves', quantity: 2 }]);
    const headers = {
      cookie: user.cookie,
      'idempotency-key': '00000000-0000-4000-8000-0000000000a1',
    };
    const first = await call(server.app, 'POST', '/api/orders/create', { body, headers });
    const again = await call(server.app, 'POST', '/api/orders/create', { body, headers });
    expect(first.statusCode).toBe(200);
    expect(again.statusCode).toBe(200);
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(again.json()).toEqual(first.json());
    expect(first.json()).toMatchObject({
      message: 'Order placed successfully.',
      orderStatus: 'PENDING',
    });
    const other = clientOrder(user.id, [{ itemName: 'Gloves', quantity: 1 }]);
    const reused = await call(server.app, 'POST', '/api/orders/create', { body: other, headers });
    expect(reused.statusCode).toBe(422);
    const stock = await db
      .selectFrom('cargo_items')
      .select('quantity')
      .where('name', '=', 'Gloves')
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(3);
  });

  it('leaves a refusal to the general path: stock taken since the read, the open-order limit', async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Tarp', quantity: 1 });
    const user = await createSignedInUser(db);
    const order = (key: string, itemName: string) =>
      call(server.app, 'POST', '/api/orders/create', {
        body: clientOrder(user.id, [{ itemName, quantity: 1 }]),
        headers: { cookie: user.cookie, 'idempotency-key': key },
      });
    expect((await order('00000000-0000-4000-8000-0000000000b1', 'Tarp')).statusCode).toBe(200);
    const short = await order('00000000-0000-4000-8000-0000000000b2', 'Tarp');
    expect(short.statusCode).toBe(409);
    expect(short.json()).toMatchObject({ message: 'Tarp: only 0 left' });
    // The refusal was stored: a replay gets it again.
    const replayed = await order('00000000-0000-4000-8000-0000000000b2', 'Tarp');
    expect(replayed.statusCode).toBe(409);
    expect(replayed.headers['idempotent-replayed']).toBe('true');
    expect((await order('00000000-0000-4000-8000-0000000000b3', 'Blanket')).statusCode).toBe(200);
    expect((await order('00000000-0000-4000-8000-0000000000b4', 'Candle')).statusCode).toBe(200);
    const fourth = await order('00000000-0000-4000-8000-0000000000b5', 'Lamp');
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({
      message: english(ORDER_LIMIT_MESSAGES.tooManyOpenOrders),
    });
  });

  it('places one order for ten concurrent sends of one key, and all ten get its reply', async () => {
    const db = server.app.ctx.opened.db;
    const item = await createCatalogueItem(db, { name: 'Thermos', quantity: 20 });
    const user = await createSignedInUser(db);
    const headers = {
      cookie: user.cookie,
      'idempotency-key': '00000000-0000-4000-8000-0000000000c1',
    };
    const body = clientOrder(user.id, [{ itemName: 'Thermos', quantity: 2 }]);
    const replies = await Promise.all(
      Array.from({ length: 10 }, () =>
        call(server.app, 'POST', '/api/orders/create', { body, headers }),
      ),
    );
    expect(replies.map((r) => r.statusCode)).toEqual(Array.from({ length: 10 }, () => 200));
    const ids = new Set(replies.map((r) => r.json<{ orderId: number }>().orderId));
    expect(ids.size).toBe(1);
    const orders = await db
      .selectFrom('orders')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(orders).toHaveLength(1);
    const stock = await db
      .selectFrom('cargo_items')
      .select('quantity')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(stock.quantity).toBe(18);
  });

  it('commits orders that arrive together in one statement (group commit), each judged alone', async () => {
    const db = server.app.ctx.opened.db;
    await createCatalogueItem(db, { name: 'Poncho', quantity: 15 });
    const users = await Promise.all(Array.from({ length: 20 }, () => createSignedInUser(db)));
    const replies = await counted(() =>
      Promise.all(
        users.map((user, i) =>
          call(server.app, 'POST', '/api/orders/create', {
            body: clientOrder(user.id, [{ itemName: 'Poncho', quantity: 1 }]),
            headers: {
              cookie: user.cookie,
              'idempotency-key': `00000000-0000-4000-8000-0000000001${String(i).padStart(2, '0')}`,
            },
          }),
        ),
      ),
    );
    const statuses = replies.map((r) => r.statusCode);
    expect(statuses.filter((s) => s === 200)).toHaveLength(15);
    expect(statuses.filter((s) => s === 409)).toHaveLength(5);
    const batches = sent.filter((text) => text.startsWith('select place_sealed_orders')).length;
    expect(batches).toBeGreaterThan(0);
    expect(batches).toBeLessThan(15);
  });
});
