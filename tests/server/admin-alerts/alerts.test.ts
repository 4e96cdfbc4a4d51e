// GET /api/admin/alerts: out-of-stock and low-stock lines (per size for items with sizes, by
// total for the others; 0 Out, under 5 Low), PENDING orders and PENDING applications.
import { beforeAll, describe, expect, it } from 'vitest';
import type { AdminAlertsReply } from '#shared/contracts/admin-alerts';
import type { OrderStatus } from '#server/db/schema';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('GET /api/admin/alerts (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });
  let cookie: string;
  beforeAll(async () => {
    cookie = (await createSignedInUser(server.app.ctx.opened.db, { role: 'ADMIN' })).cookie;
  });

  const db = () => server.app.ctx.opened.db;
  const alerts = async () => {
    const res = await call(server.app, 'GET', '/api/admin/alerts', { headers: { cookie } });
    expect(res.statusCode, res.body).toBe(200);
    return res.json<AdminAlertsReply>();
  };

  async function addItem(name: string, quantity: number, sizes: Record<string, number> = {}) {
    const now = new Date().toISOString();
    const entries = Object.entries(sizes);
    const total = entries.length === 0 ? quantity : entries.reduce((n, [, q]) => n + q, 0);
    const row = await db()
      .insertInto('cargo_items')
      .values({
        name,
        name_key: name.toLowerCase(),
        quantity: total,
        created_at: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const [size_label, q] of entries) {
      await db()
        .insertInto('cargo_item_sizes')
        .values({ item_id: row.id, size_label, quantity: q })
        .execute();
    }
    return row.id;
  }

  async function addOrder(status: OrderStatus) {
    const now = new Date().toISOString();
    await db()
      .insertInto('orders')
      .values({
        order_type: 'GUEST',
        status,
        delivery_address: 'Corner',
        request_time: now,
        updated_at: now,
      })
      .execute();
  }

  it('is all clear on an empty database', async () => {
    expect(await alerts()).toEqual({
      status: 'success',
      outOfStock: [],
      lowStock: [],
      newOrders: 0,
      newApplications: 0,
    });
  });

  it('lists out and low stock per size and per total, sorted by name', async () => {
    const gloves = await addItem('Gloves', 0);
    const bandages = await addItem('Bandages', 4);
    await addItem('Water', 5);
    const socks = await addItem('Socks', 0, { S: 0, M: 3, L: 20 });
    await addItem('Hats', 0, { One: 9 });
    const result = await alerts();
    expect(result.outOfStock).toEqual([
      { id: gloves, name: 'Gloves', quantity: 0 },
      { id: socks, name: 'Socks', size: 'S', quantity: 0 },
    ]);
    expect(result.lowStock).toEqual([
      { id: bandages, name: 'Bandages', quantity: 4 },
      { id: socks, name: 'Socks', size: 'M', quantity: 3 },
    ]);
  });

  it('counts PENDING orders and PENDING applications as the data changes', async () => {
    for (const status of ['PENDING', 'PENDING', 'PROCESSING', 'COMPLETED', 'CANCELLED'] as const)
      await addOrder(status);
    const apply = (email: string) =>
      call(server.app, 'POST', '/api/volunteer/apply', {
        body: { firstName: 'A', lastName: 'B', email, phone: '5551234567' },
      });
    await apply('one@example.org');
    const second = await apply('two@example.org');
    let result = await alerts();
    expect(result.newOrders).toBe(2);
    expect(result.newApplications).toBe(2);

    await addOrder('PENDING');
    await db()
      .updateTable('volunteer_applications')
      .set({ status: 'REJECTED' })
      .where('id', '=', second.json<{ applicationId: number }>().applicationId)
      .execute();
    result = await alerts();
    expect(result.newOrders).toBe(3);
    expect(result.newApplications).toBe(1);
  });
});
