// Issue 14 item 3, "Supplies drained anonymously", tried as an attacker would (beyond-spec.md
// section 1 "Supplies can't be drained"):
// - one guest order for every item at its full quantity is refused whole (409 naming each
//   item over its maxPerOrder), and reserves nothing;
// - one phone number or email places at most 2 guest orders in 24 hours, however it is
//   written; a signed-in client has at most 3 open orders; replays are not new orders;
// - custom lines are capped; order creation is rate-limited per account.
// The texts are written out here (not imported) so that this file also runs against the code
// before the limits, where it fails: the attacks went through there.
import { randomUUID } from 'node:crypto';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  startTestServer,
  testDialects,
  useTestServer,
  type TestServer,
} from '../../support/build-app.ts';
import {
  createCatalogueItem,
  createSignedInUser,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import {
  clientOrder,
  countOrders,
  guestOrder,
  itemStock,
  orderWorld,
  sizeStock,
  type Line,
  type OrderWorld,
} from './order-helpers.ts';

const CREATE = '/api/orders/create';
const GUEST = '/api/orders/guest/create';
const TOO_MANY_OPEN =
  'You already have 3 open orders, the most one person can have at once. Cancel one, or wait until one is delivered, before ordering again.';
const GUEST_DAILY =
  'This phone number or email has already placed 2 orders in the last 24 hours, the most a guest can place. Please try again later.';
const TOO_MANY_CUSTOM = 'An order can ask for at most 5 items that are not in the catalogue.';

interface CatalogueReply {
  items: { id: number; name: string; quantity: number; sizeQuantities: Record<string, number> }[];
}

/** Sets an item's maxPerOrder the way the admin does: PUT /api/cargo/items/{id}. */
async function setMaxPerOrder(
  server: TestServer,
  admin: SignedInUser,
  itemId: number,
  maxPerOrder: number,
) {
  const res = await call(server.app, 'PUT', `/api/cargo/items/${itemId}`, {
    as: admin,
    body: { maxPerOrder },
  });
  expect(res.statusCode, res.body).toBe(200);
}

/** Every catalogue line at its full quantity: each size of a sized item, else the total. */
function everythingLines(catalogue: CatalogueReply): Line[] {
  const lines: Line[] = [];
  for (const item of catalogue.items) {
    const sizes = Object.entries(item.sizeQuantities);
    if (sizes.length === 0 && item.quantity > 0) {
      lines.push({ itemName: item.name, quantity: item.quantity });
    }
    for (const [label, quantity] of sizes) {
      if (quantity > 0) lines.push({ itemName: `${item.name} (${label})`, quantity });
    }
  }
  return lines;
}

describe.each(testDialects())('draining the catalogue with one guest order (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const db = () => server.app.ctx.opened.db;

  it('refuses an order for every item at full quantity whole, naming each item', async () => {
    const world = await orderWorld(db());
    const naloxone = await createCatalogueItem(db(), { name: 'Naloxone', quantity: 30 });
    const socks = await createCatalogueItem(db(), { name: 'Socks', sizes: { M: 8, L: 6 } });
    const soap = await createCatalogueItem(db(), { name: 'Soap', quantity: 40 });
    const wipes = await createCatalogueItem(db(), { name: 'Wipes', quantity: 4 });
    await setMaxPerOrder(server, world.admin, naloxone.id, 2);

    const catalogue = (await call(server.app, 'GET', '/api/cargo/items')).json<CatalogueReply>();
    const lines = everythingLines(catalogue);
    expect(lines).toHaveLength(5);
    const before = await countOrders(db());
    const res = await call(server.app, 'POST', GUEST, { body: guestOrder(lines) });
    expect(res.statusCode, res.body).toBe(409);
    expect(res.json()).toMatchObject({
      status: 'error',
      error: 'CONFLICT',
      message:
        'Naloxone: at most 2 per order; Soap: at most 10 per order; Socks: at most 10 per order',
    });
    // Nothing reserved, nothing stored.
    expect(await itemStock(db(), naloxone.id)).toBe(30);
    expect(await sizeStock(db(), socks.id, 'M')).toBe(8);
    expect(await sizeStock(db(), socks.id, 'L')).toBe(6);
    expect(await itemStock(db(), soap.id)).toBe(40);
    expect(await itemStock(db(), wipes.id)).toBe(4);
    expect(await countOrders(db())).toBe(before);

    // The same order at the caps goes through.
    const fair = await call(server.app, 'POST', GUEST, {
      body: guestOrder([
        { itemName: 'Naloxone', quantity: 2 },
        { itemName: 'Socks (M)', quantity: 5 },
        { itemName: 'Socks (L)', quantity: 5 },
        { itemName: 'Soap', quantity: 10 },
        { itemName: 'Wipes', quantity: 4 },
      ]),
    });
    expect(fair.statusCode, fair.body).toBe(200);
    expect(await itemStock(db(), naloxone.id)).toBe(28);
    expect(await itemStock(db(), socks.id)).toBe(4);
  });
});

describe.each(testDialects())('order limits per person (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const db = () => server.app.ctx.opened.db;
  let world: OrderWorld;
  beforeAll(async () => {
    world = await orderWorld(db());
  });

  const guest = (
    phone: string,
    email: string,
    items: Line[] = [{ itemName: 'Tea', quantity: 1 }],
  ) => call(server.app, 'POST', GUEST, { body: guestOrder(items, { phone, email }) });

  it('names one line over its cap, its sizes together, and caps custom lines', async () => {
    const kit = await createCatalogueItem(db(), { name: 'Naloxone kit', quantity: 50 });
    await setMaxPerOrder(server, world.admin, kit.id, 2);
    await createCatalogueItem(db(), { name: 'Gloves', sizes: { S: 20, L: 20 } });
    const user = await createSignedInUser(db());
    const cases: [Line[], string][] = [
      [[{ itemName: 'Naloxone kit', quantity: 3 }], 'Naloxone kit: at most 2 per order'],
      [
        [
          { itemName: 'naloxone KIT', quantity: 1 },
          { itemName: 'Naloxone kit', quantity: 2 },
        ],
        'Naloxone kit: at most 2 per order',
      ],
      [
        [
          { itemName: 'Gloves (S)', quantity: 6 },
          { itemName: 'Gloves (L)', quantity: 5 },
        ],
        'Gloves: at most 10 per order',
      ],
      [[{ itemName: 'A warm coat', quantity: 11 }], 'A warm coat: at most 10 per order'],
      [
        Array.from({ length: 6 }, (_, i) => ({ itemName: `Wish ${i}`, quantity: 1 })),
        TOO_MANY_CUSTOM,
      ],
    ];
    const before = await countOrders(db());
    for (const [items, message] of cases) {
      const res = await call(server.app, 'POST', CREATE, {
        as: user,
        body: clientOrder(user.id, items),
      });
      expect(res.statusCode, message).toBe(409);
      expect(res.json<{ message: string }>().message).toBe(message);
    }
    expect(await countOrders(db())).toBe(before);
    expect(await itemStock(db(), kit.id)).toBe(50);
    // Five custom lines and the cap itself are fine.
    const ok = await call(server.app, 'POST', CREATE, {
      as: user,
      body: clientOrder(user.id, [
        { itemName: 'Naloxone kit', quantity: 2 },
        ...Array.from({ length: 5 }, (_, i) => ({ itemName: `Wish ${i}`, quantity: 10 })),
      ]),
    });
    expect(ok.statusCode, ok.body).toBe(200);
  });

  it('stops one phone number or email at 2 guest orders in 24 hours, however written', async () => {
    const n = randomUUID().slice(0, 6);
    const phone = `555${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`;
    const dashed = `${phone.slice(0, 3)}-${phone.slice(3, 6)}-${phone.slice(6)}`;
    const first = await guest(dashed, `Gale.${n}@Example.org`);
    expect(first.statusCode, first.body).toBe(200);
    const second = await guest(
      `+1 (${phone.slice(0, 3)}) ${phone.slice(3)}`,
      `other-${n}@example.org`,
    );
    expect(second.statusCode, second.body).toBe(200);
    const before = await countOrders(db());
    // The same phone with yet another email.
    const samePhone = await guest(phone, `third-${n}@example.org`);
    expect(samePhone.statusCode).toBe(409);
    expect(samePhone.json()).toMatchObject({ error: 'CONFLICT', message: GUEST_DAILY });
    expect(await countOrders(db())).toBe(before);
    // The first email's second order (with a +tag, other case, another phone) goes through;
    // its third does not.
    const viaEmail = await guest('4125550100', `  gale.${n}+again@EXAMPLE.org `);
    expect(viaEmail.statusCode, viaEmail.body).toBe(200);
    const sameEmail = await guest('4125550101', `GALE.${n}@example.ORG`);
    expect(sameEmail.statusCode).toBe(409);
    expect(sameEmail.json()).toMatchObject({ error: 'CONFLICT', message: GUEST_DAILY });
    // Someone else is not held back.
    const fresh = await guest('4125550199', `fresh-${n}@example.org`);
    expect(fresh.statusCode, fresh.body).toBe(200);
    // After 24 hours the phone may order again.
    const dayAgo = new Date(Date.now() - 25 * 60 * 60 * 1000).toISOString();
    await db()
      .updateTable('orders')
      .set({ request_time: dayAgo })
      .where('email', 'in', [`Gale.${n}@Example.org`, `other-${n}@example.org`])
      .execute();
    const later = await guest(phone, `later-${n}@example.org`);
    expect(later.statusCode, later.body).toBe(200);
  });

  it('stops a signed-in client at 3 open orders until one is cancelled', async () => {
    const user = await createSignedInUser(db());
    const place = (headers: Record<string, string> = {}) =>
      call(server.app, 'POST', CREATE, {
        as: user,
        body: clientOrder(user.id, [{ itemName: 'Bread', quantity: 1 }]),
        headers,
      });
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await place();
      expect(res.statusCode, res.body).toBe(200);
      ids.push(res.json<{ orderId: number }>().orderId);
    }
    const before = await countOrders(db());
    const fourth = await place();
    expect(fourth.statusCode).toBe(409);
    expect(fourth.json()).toMatchObject({ error: 'CONFLICT', message: TOO_MANY_OPEN });
    expect(await countOrders(db())).toBe(before);
    // Another client is not held back.
    const other = await createSignedInUser(db());
    const theirs = await call(server.app, 'POST', CREATE, {
      as: other,
      body: clientOrder(other.id, [{ itemName: 'Bread', quantity: 1 }]),
    });
    expect(theirs.statusCode).toBe(200);
    // Cancelling one frees a place; completed orders are not open either.
    const cancelled = await call(server.app, 'POST', `/api/orders/${ids[0]}/cancel`, {
      as: user,
      body: { authenticated: true, userId: user.id, userRole: 'CLIENT' },
    });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    const key = randomUUID();
    const again = await place({ 'idempotency-key': key });
    expect(again.statusCode, again.body).toBe(200);
    // A replay of that accepted order is the same order, not a fourth one.
    const replay = await place({ 'idempotency-key': key });
    expect(replay.statusCode).toBe(200);
    expect(replay.headers['idempotent-replayed']).toBe('true');
    expect(replay.json()).toEqual(again.json());
    expect((await place()).statusCode).toBe(409);
    await db()
      .updateTable('orders')
      .set({ status: 'COMPLETED' })
      .where('id', '=', ids[1]!)
      .execute();
    expect((await place()).statusCode).toBe(200);
  });

  it('counts PROCESSING orders as open', async () => {
    const user = await createSignedInUser(db());
    const ids: number[] = [];
    for (let i = 0; i < 3; i += 1) {
      const res = await call(server.app, 'POST', CREATE, {
        as: user,
        body: clientOrder(user.id, [{ itemName: 'Tea', quantity: 1 }]),
      });
      ids.push(res.json<{ orderId: number }>().orderId);
    }
    await db().updateTable('orders').set({ status: 'PROCESSING' }).where('id', 'in', ids).execute();
    const res = await call(server.app, 'POST', CREATE, {
      as: user,
      body: clientOrder(user.id, [{ itemName: 'Tea', quantity: 1 }]),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json<{ message: string }>().message).toBe(TOO_MANY_OPEN);
  });
});

describe('order creation rate limits (sqlite)', () => {
  it('holds an account back after 10 orders an hour, but not its replays', async () => {
    const server = await startTestServer('sqlite');
    try {
      const db = server.app.ctx.opened.db;
      const user = await createSignedInUser(db);
      const body = clientOrder(user.id, [{ itemName: 'Socks', quantity: 1 }]);
      const lastKey = randomUUID();
      for (let i = 0; i < 10; i += 1) {
        const key = i === 9 ? lastKey : randomUUID();
        const res = await call(server.app, 'POST', CREATE, {
          as: user,
          body,
          headers: { 'idempotency-key': key },
        });
        expect(res.statusCode, res.body).toBe(200);
        // Cancel at once: only the rate limit is tried here, not the 3 open orders.
        const id = res.json<{ orderId: number }>().orderId;
        await db.updateTable('orders').set({ status: 'CANCELLED' }).where('id', '=', id).execute();
      }
      const eleventh = await call(server.app, 'POST', CREATE, { as: user, body });
      expect(eleventh.statusCode).toBe(429);
      expect(eleventh.headers['retry-after']).toBeDefined();
      expect(eleventh.json()).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
      // The guest path of the same account shares the count.
      const asGuest = await call(server.app, 'POST', GUEST, {
        as: user,
        body: guestOrder([{ itemName: 'Socks', quantity: 1 }]),
      });
      expect(asGuest.statusCode).toBe(429);
      // The outbox resending its last accepted order still gets its reply.
      const replay = await call(server.app, 'POST', CREATE, {
        as: user,
        body,
        headers: { 'idempotency-key': lastKey },
      });
      expect(replay.statusCode).toBe(200);
      expect(replay.headers['idempotent-replayed']).toBe('true');
      // Another account from the same address is not held back.
      const other = await createSignedInUser(db);
      const theirs = await call(server.app, 'POST', CREATE, {
        as: other,
        body: clientOrder(other.id, [{ itemName: 'Socks', quantity: 1 }]),
      });
      expect(theirs.statusCode, theirs.body).toBe(200);
    } finally {
      await server.close();
    }
  });
});
