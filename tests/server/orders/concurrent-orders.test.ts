// Stock under contention, over real HTTP: 50 clients order the last 10 units at once.
// Exactly 10 orders get through, the rest are refused with 409, and stock never goes below 0
// (the database's CHECK would turn an oversell into a 500, which this test would also catch).
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createCatalogueItem, createSignedInUser } from '../../support/factories.ts';
import { clientOrder, countOrders, itemStock, sizeStock } from './order-helpers.ts';

const ORDERS = 50;

describe.each(testDialects())('concurrent orders (%s)', (dialect) => {
  // Limits per address and account are not what this test is about: 50 clients share one.
  const server = useTestServer(dialect, { rateLimitScale: 1000 }, { listen: true });

  async function clients(n: number) {
    const db = server.app.ctx.opened.db;
    return Promise.all(Array.from({ length: n }, () => createSignedInUser(db, { password: null })));
  }

  function order(user: { id: number; cookie: string }, itemName: string) {
    return fetch(`${server.baseUrl}/api/orders/create`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', cookie: user.cookie },
      body: JSON.stringify(clientOrder(user.id, [{ itemName, quantity: 1 }])),
    });
  }

  it('reserves exactly the last 10 units among 50 concurrent orders', async () => {
    const db = server.app.ctx.opened.db;
    const socks = await createCatalogueItem(db, { name: 'Socks', sizes: { L: 10, M: 7 } });
    const users = await clients(ORDERS);
    const before = await countOrders(db);
    const replies = await Promise.all(users.map((u) => order(u, 'Socks (L)')));
    const statuses = replies.map((r) => r.status);
    expect(statuses.filter((s) => s === 200)).toHaveLength(10);
    expect(statuses.filter((s) => s === 409)).toHaveLength(ORDERS - 10);
    const refused: unknown = await replies.find((r) => r.status === 409)?.json();
    expect(refused).toMatchObject({ message: 'Socks (L): only 0 left' });
    expect(await sizeStock(db, socks.id, 'L')).toBe(0);
    expect(await sizeStock(db, socks.id, 'M')).toBe(7);
    expect(await itemStock(db, socks.id)).toBe(7);
    expect(await countOrders(db)).toBe(before + 10);
  });

  it('keeps an unsized item at 0, never below, under the same rush', async () => {
    const db = server.app.ctx.opened.db;
    const soap = await createCatalogueItem(db, { name: 'Soap', quantity: 10 });
    const users = await clients(ORDERS);
    const replies = await Promise.all(users.map((u) => order(u, 'Soap')));
    expect(replies.filter((r) => r.status === 200)).toHaveLength(10);
    expect(replies.filter((r) => r.status === 409)).toHaveLength(ORDERS - 10);
    expect(await itemStock(db, soap.id)).toBe(0);
  });
});
