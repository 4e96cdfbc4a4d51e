// PostgreSQL's place_orders() judged on one batch it is handed whole (the 2026-12-04T1000
// migration: no subtransaction per order, the checks made on what the batch has left before an
// order writes, one stock update per row at the end). Through HTTP a batch holds whatever
// arrived together, so this sends place_sealed_orders the statement the app sends, with
// batches built to put every in-batch case in one statement: a client and a guest past their
// limits by the batch's own earlier orders, a take short after earlier orders of the batch,
// a key twice in the batch, a size and its item's total.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem, createSignedInUser } from '../../support/factories.ts';
import { itemStock } from './order-helpers.ts';

interface Take {
  item_id: number;
  size_label: string | null;
  quantity: number;
}

type Person = { user_id: number } | { phone_key: string; email_key: string };

const DAY = 24 * 60 * 60 * 1000;

/** The order's lines: an item's sized takes, or its total when it has no size. */
function linesOf(takes: Take[]) {
  const sized = new Set(takes.filter((t) => t.size_label !== null).map((t) => t.item_id));
  return takes
    .filter((t) => t.size_label !== null || !sized.has(t.item_id))
    .map((t) => ({
      item_name: `item ${String(t.item_id)}`,
      quantity: t.quantity,
      cargo_item_id: t.item_id,
      size_label: t.size_label,
      is_custom: 0,
    }));
}

/** One element of place_orders' batch, as place-order-statement.repository.ts builds it. */
function element(
  n: number,
  person: Person,
  takes: Take[],
  options: { key?: string; openLimit?: number; guestLimit?: number } = {},
) {
  const now = new Date(Date.now() + n).toISOString();
  const client = 'user_id' in person;
  return {
    order: {
      user_id: client ? person.user_id : null,
      order_type: client ? 'CLIENT' : 'GUEST',
      status: 'PENDING',
      delivery_address: '12 Main St',
      phone_number: '5551234567',
      notes: null,
      first_name: client ? null : 'Guest',
      last_name: client ? null : 'Person',
      email: null,
      latitude: null,
      longitude: null,
      guest_phone_key: client ? null : person.phone_key,
      guest_email_key: client ? null : person.email_key,
      request_time: now,
      updated_at: now,
    },
    lines: linesOf(takes),
    takes,
    person,
    open_limit: options.openLimit ?? 3,
    guest_limit: options.guestLimit ?? 2,
    guest_since: new Date(Date.now() - DAY).toISOString(),
    key:
      options.key === undefined
        ? null
        : {
            scope: 'test',
            key: options.key,
            method: 'POST',
            path: '/api/orders/create',
            request_hash: 'hash',
            status_code: 200,
            created_at: now,
          },
    reply_head: '{"orderId":',
    reply_tail: '}',
    iv: null,
  };
}

async function placeBatch(db: Db, batch: object[]): Promise<(number | null)[]> {
  const result = await sql<{
    ids: (number | null)[];
  }>`select place_sealed_orders(${JSON.stringify(batch)}::jsonb) as ids`.execute(db);
  return result.rows[0]?.ids ?? [];
}

async function ordersOf(db: Db, ids: (number | null)[]) {
  const placed = ids.filter((id): id is number => id !== null);
  if (placed.length === 0) return [];
  return db
    .selectFrom('orders')
    .select(['id', 'user_id', 'guest_phone_key'])
    .where('id', 'in', placed)
    .execute();
}

const postgres = testDialects().includes('postgres');

describe.runIf(postgres)('place_orders on one batch (postgres)', () => {
  const server = useTestServer('postgres', { notificationWorker: false });
  const db = () => server.app.ctx.opened.db;

  it("refuses a client's order past the limit that the batch's own orders reached", async () => {
    const item = await createCatalogueItem(db(), { quantity: 100 });
    const user = await createSignedInUser(db(), { password: null });
    const take = [{ item_id: item.id, size_label: null, quantity: 1 }];
    const ids = await placeBatch(
      db(),
      [1, 2, 3].map((n) => element(n, { user_id: user.id }, take, { openLimit: 2 })),
    );
    expect(ids.map((id) => id !== null)).toEqual([true, true, false]);
    expect(await ordersOf(db(), ids)).toHaveLength(2);
    expect(await itemStock(db(), item.id)).toBe(98);
  });

  it('refuses a guest order past the quota the batch reached by phone or by email', async () => {
    const item = await createCatalogueItem(db(), { quantity: 100 });
    const take = [{ item_id: item.id, size_label: null, quantity: 1 }];
    const guest = (phone: string, email: string) => ({ phone_key: phone, email_key: email });
    const ids = await placeBatch(db(), [
      element(1, guest('p1', 'e1'), take, { guestLimit: 1 }),
      element(2, guest('p1', 'e2'), take, { guestLimit: 1 }),
      element(3, guest('p3', 'e1'), take, { guestLimit: 1 }),
      element(4, guest('p4', 'e4'), take, { guestLimit: 1 }),
    ]);
    expect(ids.map((id) => id !== null)).toEqual([true, false, false, true]);
    expect(await itemStock(db(), item.id)).toBe(98);
  });

  it('refuses an order the earlier orders left short, takes nothing of it, and places later ones', async () => {
    const item = await createCatalogueItem(db(), { sizes: { S: 2, M: 5 } });
    const user = await createSignedInUser(db(), { password: null });
    const order = (n: number, size: string, quantity: number, key: string) =>
      element(
        n,
        { user_id: user.id },
        [
          { item_id: item.id, size_label: size, quantity },
          { item_id: item.id, size_label: null, quantity },
        ],
        { key, openLimit: 10 },
      );
    const last = order(3, 'M', 4, 'k3');
    const ids = await placeBatch(db(), [order(1, 'S', 2, 'k1'), order(2, 'S', 1, 'k2'), last]);
    expect(ids.map((id) => id !== null)).toEqual([true, false, true]);
    const sizes = await db()
      .selectFrom('cargo_item_sizes')
      .select(['size_label', 'quantity'])
      .where('item_id', '=', item.id)
      .orderBy('size_label')
      .execute();
    expect(sizes).toEqual([
      { size_label: 'M', quantity: 1 },
      { size_label: 'S', quantity: 0 },
    ]);
    expect(await itemStock(db(), item.id)).toBe(1);
    // The refused order's key is gone (the general path claims it afresh), the others hold
    // their order's id in the stored reply.
    const keys = await db()
      .selectFrom('idempotency_keys')
      .select(['key', 'reply_json', 'status_code'])
      .where('scope', '=', 'test')
      .where('key', 'in', ['k1', 'k2', 'k3'])
      .orderBy('key')
      .execute();
    expect(keys).toEqual([
      { key: 'k1', reply_json: `{"orderId":${String(ids[0])}}`, status_code: 200 },
      { key: 'k3', reply_json: `{"orderId":${String(ids[2])}}`, status_code: 200 },
    ]);
    // The item's last change is the last order that took from it.
    const row = await db()
      .selectFrom('cargo_items')
      .select('updated_at')
      .where('id', '=', item.id)
      .executeTakeFirstOrThrow();
    expect(row.updated_at).toBe(last.order.request_time);
  });

  it('places a key twice in one batch once, and leaves the second to the general path', async () => {
    const item = await createCatalogueItem(db(), { quantity: 10 });
    const user = await createSignedInUser(db(), { password: null });
    const take = [{ item_id: item.id, size_label: null, quantity: 1 }];
    const ids = await placeBatch(db(), [
      element(1, { user_id: user.id }, take, { key: 'dup' }),
      element(2, { user_id: user.id }, take, { key: 'dup' }),
    ]);
    expect(ids[0]).not.toBeNull();
    expect(ids[1]).toBeNull();
    expect(await itemStock(db(), item.id)).toBe(9);
    const key = await db()
      .selectFrom('idempotency_keys')
      .select('reply_json')
      .where('scope', '=', 'test')
      .where('key', '=', 'dup')
      .executeTakeFirstOrThrow();
    expect(key.reply_json).toBe(`{"orderId":${String(ids[0])}}`);
  });

  it('writes each placed order with its lines, in the batch order', async () => {
    const item = await createCatalogueItem(db(), { quantity: 10 });
    const users = await Promise.all([1, 2].map(() => createSignedInUser(db(), { password: null })));
    const take = [{ item_id: item.id, size_label: null, quantity: 2 }];
    const ids = await placeBatch(
      db(),
      users.map((u, n) => element(n, { user_id: u.id }, take)),
    );
    const placed = await ordersOf(db(), ids);
    expect(placed.map((o) => [o.id, o.user_id])).toEqual(users.map((u, n) => [ids[n], u.id]));
    const lines = await db()
      .selectFrom('order_items')
      .select(['order_id', 'quantity', 'cargo_item_id'])
      .where(
        'order_id',
        'in',
        ids.filter((id): id is number => id !== null),
      )
      .orderBy('order_id')
      .execute();
    expect(lines).toEqual(ids.map((id) => ({ order_id: id, quantity: 2, cargo_item_id: item.id })));
  });
});
