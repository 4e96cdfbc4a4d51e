// Reports without personal data (beyond-spec.md section 2): summary.csv counts items, orders,
// rounds held and sign-ups confirmed per month; the chart's deliveries per week. Neither ever
// holds an address, phone, note or the text of a custom request.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { deliveriesPerWeek, weekStartOf } from '#server/reports/reports.service';
import type { DeliveriesPerWeekReply } from '#shared/contracts/reports';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import {
  createOrderOnRound,
  createSignedInUser,
  createSignup,
  createTestRound,
  createUser,
  type SignedInUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

const NOW = new Date('2026-11-25T12:00:00.000Z'); // a Wednesday

async function orderAt(
  db: Db,
  at: string,
  status: 'PENDING' | 'COMPLETED' | 'CANCELLED',
  items: { itemName: string; quantity: number; custom?: boolean }[],
): Promise<number> {
  const id = await createOrderOnRound(db, null, {
    status,
    items: items.map(({ itemName, quantity }) => ({ itemName, quantity })),
    deliveryAddress: '77 Hidden Road',
    phoneNumber: '5550007777',
    notes: 'Blue door',
  });
  await db
    .updateTable('orders')
    .set({ request_time: at, updated_at: at })
    .where('id', '=', id)
    .execute();
  for (const item of items.filter((i) => i.custom !== true)) {
    await db
      .updateTable('order_items')
      .set({ is_custom: 0 })
      .where('order_id', '=', id)
      .where('item_name', '=', item.itemName)
      .execute();
  }
  return id;
}

describe('weeks of the chart', () => {
  it('start on Monday (UTC)', () => {
    expect(weekStartOf(new Date('2026-11-25T12:00:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(weekStartOf(new Date('2026-11-23T00:00:00Z')).toISOString()).toBe(
      '2026-11-23T00:00:00.000Z',
    );
    expect(weekStartOf(new Date('2026-11-22T23:59:59Z')).toISOString()).toBe(
      '2026-11-16T00:00:00.000Z',
    );
  });

  it('count deliveries into 12 weeks, oldest first, empty weeks 0', () => {
    const weeks = deliveriesPerWeek(
      [
        '2026-11-24T10:00:00Z',
        '2026-11-23T00:00:00Z',
        '2026-09-01T10:00:00Z',
        '2026-11-22T10:00:00Z',
      ],
      NOW,
      12,
    );
    expect(weeks).toHaveLength(12);
    expect(weeks[0]?.weekStart).toBe('2026-09-07');
    expect(weeks[11]).toEqual({ weekStart: '2026-11-23', delivered: 2 });
    expect(weeks[10]).toEqual({ weekStart: '2026-11-16', delivered: 1 });
    expect(weeks.reduce((n, w) => n + w.delivered, 0)).toBe(3); // September 1 is too old
  });
});

describe.each(testDialects())('reports (%s)', (dialect) => {
  const server = useTestServer(dialect, { clock: () => NOW });
  let admin: SignedInUser;

  it('summary.csv counts per month and item, orders, rounds held and sign-ups', async () => {
    const db = server.app.ctx.opened.db;
    admin = await createSignedInUser(db, { role: 'ADMIN' });
    await orderAt(db, '2026-10-05T10:00:00.000Z', 'COMPLETED', [
      { itemName: 'Socks (L)', quantity: 2 },
      { itemName: '=cmd|calc', quantity: 1, custom: true },
    ]);
    await orderAt(db, '2026-10-20T10:00:00.000Z', 'CANCELLED', [
      { itemName: 'Socks (L)', quantity: 3 },
    ]);
    await orderAt(db, '2026-11-02T10:00:00.000Z', 'PENDING', [{ itemName: 'Gauze', quantity: 4 }]);
    const held = await createTestRound(db, { start: new Date('2026-10-10T18:00:00Z') });
    await createTestRound(db, { start: new Date('2026-10-11T18:00:00Z'), status: 'CANCELLED' });
    await createTestRound(db, { start: new Date('2026-12-01T18:00:00Z') }); // not held yet
    const v1 = await createUser(db, { role: 'VOLUNTEER' });
    const v2 = await createUser(db, { role: 'VOLUNTEER' });
    await createSignup(db, held, v1.id, 'CONFIRMED');
    await createSignup(db, held, v2.id, 'WAITLISTED');

    const res = await call(server.app, 'GET', '/api/admin/reports/summary.csv', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toBe(
      'attachment; filename="summary-2026-11-25.csv"',
    );
    expect(res.body.split('\r\n')).toEqual([
      'section,month,item,order_type,status,ordered,delivered,cancelled,count',
      'items,2026-10,Custom requests,,,1,1,0,',
      'items,2026-10,Socks (L),,,5,2,3,',
      'items,2026-11,Gauze,,,4,0,0,',
      'orders,2026-10,,CLIENT,CANCELLED,,,,1',
      'orders,2026-10,,CLIENT,COMPLETED,,,,1',
      'orders,2026-11,,CLIENT,PENDING,,,,1',
      'rounds_held,2026-10,,,,,,,1',
      'signups_confirmed,2026-10,,,,,,,1',
      '',
    ]);
    for (const secret of ['77 Hidden Road', '5550007777', 'Blue door', 'cmd|calc']) {
      expect(res.body).not.toContain(secret);
    }

    const october = await call(
      server.app,
      'GET',
      '/api/admin/reports/summary.csv?from=2026-10-01&to=2026-10-31',
      { as: admin },
    );
    expect(october.body).not.toContain('2026-11');
    expect(october.body).toContain('items,2026-10,Socks (L),,,5,2,3,');
  });

  it('refuses a bad range with a 400 that says why', async () => {
    const res = await call(server.app, 'GET', '/api/admin/reports/summary.csv?to=later', {
      as: admin,
    });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      status: 'error',
      message: 'to: must be a date (YYYY-MM-DD) or an ISO 8601 time',
    });
  });

  it('gives the chart 12 weeks of deliveries', async () => {
    const db = server.app.ctx.opened.db;
    await orderAt(db, '2026-11-24T09:00:00.000Z', 'COMPLETED', [
      { itemName: 'Gauze', quantity: 1 },
    ]);
    await orderAt(db, '2026-11-24T10:00:00.000Z', 'CANCELLED', [
      { itemName: 'Gauze', quantity: 1 },
    ]);
    const res = await call(server.app, 'GET', '/api/admin/reports/deliveries-per-week', {
      as: admin,
    });
    expect(res.statusCode).toBe(200);
    const { weeks } = res.json<DeliveriesPerWeekReply>();
    expect(weeks).toHaveLength(12);
    expect(weeks.at(-1)).toEqual({ weekStart: '2026-11-23', delivered: 1 });
    expect(weeks.find((w) => w.weekStart === '2026-10-05')?.delivered).toBe(1);
  });

  it('gives signed-out callers, clients and volunteers nothing', async () => {
    const db = server.app.ctx.opened.db;
    for (const url of [
      '/api/admin/reports/summary.csv',
      '/api/admin/reports/deliveries-per-week',
    ]) {
      expect((await call(server.app, 'GET', url)).statusCode).toBe(401);
      for (const role of ['CLIENT', 'VOLUNTEER'] as const) {
        const who = await createSignedInUser(db, { role });
        expect((await call(server.app, 'GET', url, { as: who })).statusCode).toBe(403);
      }
    }
  });
});
