// The retention sweep (beyond-spec.md section 2 "Retention") on a clock moved forward: it
// removes exactly the personal data the contract names — from orders COMPLETED or CANCELLED
// more than RETENTION_DAYS ago, from feedback as old, and rejected applications — and nothing
// else, in batches, each recorded in the audit log.
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import type { OrderStatus } from '#server/db/schema';
import { sweepPersonalData } from '#server/privacy/retention.service';
import type { PurgeReply } from '#shared/contracts/privacy';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createOrderOnRound, createSignedInUser, createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

const DAY = 24 * 60 * 60 * 1000;
const T0 = new Date('2026-03-01T12:00:00.000Z');

async function orderLastChanged(db: Db, status: OrderStatus, at: Date): Promise<number> {
  const id = await createOrderOnRound(db, null, { status });
  await db
    .updateTable('orders')
    .set({
      updated_at: at.toISOString(),
      first_name: 'Gina',
      last_name: 'Guest',
      email: 'gina@example.org',
      latitude: 40.1,
      longitude: -79.9,
    })
    .where('id', '=', id)
    .execute();
  return id;
}

async function feedbackAt(db: Db, at: Date): Promise<number> {
  const row = await db
    .insertInto('feedback')
    .values({ name: 'V', phone_number: '5551112222', content: 'Hi', created_at: at.toISOString() })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

async function applicationDecided(
  db: Db,
  status: 'PENDING' | 'APPROVED' | 'REJECTED',
  at: Date,
): Promise<number> {
  const row = await db
    .insertInto('volunteer_applications')
    .values({
      first_name: 'Val',
      last_name: 'Unteer',
      email: `val${Math.random()}@example.org`,
      phone: '5553334444',
      notes: null,
      status,
      submission_date: at.toISOString(),
      decided_at: status === 'PENDING' ? null : at.toISOString(),
      decided_by: null,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

const orderRow = (db: Db, id: number) =>
  db.selectFrom('orders').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

describe.each(testDialects())('the retention sweep (%s)', (dialect) => {
  let now = T0;
  const server = useTestServer(dialect, { retentionDays: 30, clock: () => now });

  it('purges exactly the orders, feedback and applications past retention', async () => {
    const db = server.app.ctx.opened.db;
    const old = new Date(T0.getTime() - 31 * DAY);
    const recent = new Date(T0.getTime() - 29 * DAY);
    const completedOld = await orderLastChanged(db, 'COMPLETED', old);
    const cancelledOld = await orderLastChanged(db, 'CANCELLED', old);
    const completedRecent = await orderLastChanged(db, 'COMPLETED', recent);
    const pendingOld = await orderLastChanged(db, 'PENDING', old);
    const processingOld = await orderLastChanged(db, 'PROCESSING', old);
    const feedbackOld = await feedbackAt(db, old);
    const feedbackRecent = await feedbackAt(db, recent);
    const rejectedOld = await applicationDecided(db, 'REJECTED', old);
    const rejectedRecent = await applicationDecided(db, 'REJECTED', recent);
    const approvedOld = await applicationDecided(db, 'APPROVED', old);
    const pendingApp = await applicationDecided(db, 'PENDING', old);
    const before = new Map<number, string>();
    for (const id of [completedOld, cancelledOld])
      before.set(id, (await orderRow(db, id)).request_time);

    const purged = await sweepPersonalData(db, { now, retentionDays: 30, actor: null });
    expect(purged).toEqual({ orders: 2, feedback: 1, applications: 1 });

    for (const id of [completedOld, cancelledOld]) {
      const row = await orderRow(db, id);
      expect(row).toMatchObject({
        delivery_address: '',
        phone_number: null,
        notes: null,
        first_name: null,
        last_name: null,
        email: null,
        latitude: null,
        longitude: null,
        personal_data_purged_at: T0.toISOString(),
      });
      // What counting needs stays.
      expect(row.status).toBe(id === completedOld ? 'COMPLETED' : 'CANCELLED');
      expect(row.request_time).toBe(before.get(id));
      const items = await db
        .selectFrom('order_items')
        .select(['item_name', 'quantity'])
        .where('order_id', '=', id)
        .execute();
      expect(items).toEqual([{ item_name: 'Socks (L)', quantity: 2 }]);
    }
    for (const id of [completedRecent, pendingOld, processingOld]) {
      expect(await orderRow(db, id)).toMatchObject({
        delivery_address: '12 Secret Lane',
        phone_number: '5559876543',
        notes: 'Ring twice',
        email: 'gina@example.org',
        personal_data_purged_at: null,
      });
    }
    const feedback = await db.selectFrom('feedback').select(['id', 'phone_number']).execute();
    expect(feedback.find((f) => f.id === feedbackOld)?.phone_number).toBe('');
    expect(feedback.find((f) => f.id === feedbackRecent)?.phone_number).toBe('5551112222');
    const apps = await db.selectFrom('volunteer_applications').select('id').execute();
    expect(apps.map((a) => a.id).sort((a, b) => a - b)).toEqual(
      [rejectedRecent, approvedOld, pendingApp].sort((a, b) => a - b),
    );
    expect(apps.map((a) => a.id)).not.toContain(rejectedOld);

    const entries = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.purge')
      .orderBy('id')
      .execute();
    expect(
      entries.map((e): unknown[] => [e.actor_id, e.target_type, JSON.parse(e.details ?? '{}')]),
    ).toEqual([
      [null, 'order', expect.objectContaining({ kind: 'orders', count: 2 })],
      [
        null,
        'feedback',
        expect.objectContaining({ kind: 'feedback', count: 1, ids: [feedbackOld] }),
      ],
      [
        null,
        'application',
        expect.objectContaining({ kind: 'applications', count: 1, ids: [rejectedOld] }),
      ],
    ]);

    // A second sweep at the same time finds nothing left.
    expect(await sweepPersonalData(db, { now, retentionDays: 30, actor: null })).toEqual({
      orders: 0,
      feedback: 0,
      applications: 0,
    });
  });

  it('reaches the recent ones when the clock moves past their retention, in batches', async () => {
    const db = server.app.ctx.opened.db;
    for (let i = 0; i < 5; i++) await orderLastChanged(db, 'COMPLETED', T0);
    now = new Date(T0.getTime() + 31 * DAY);
    const purged = await sweepPersonalData(db, {
      now,
      retentionDays: 30,
      actor: null,
      batchSize: 2,
    });
    // The five new ones and the one changed 29 days before T0.
    expect(purged.orders).toBe(6);
    const left = await db
      .selectFrom('orders')
      .select('id')
      .where('status', 'in', ['COMPLETED', 'CANCELLED'])
      .where('personal_data_purged_at', 'is', null)
      .execute();
    expect(left).toEqual([]);
    const batches = await db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'privacy.purge')
      .where('target_type', '=', 'order')
      .where('at', '=', now.toISOString())
      .execute();
    expect(batches.map((b) => (JSON.parse(b.details ?? '{}') as { count: number }).count)).toEqual([
      2, 2, 2,
    ]);
  });

  it('RETENTION_DAYS 0 purges a finished order at the next sweep', async () => {
    const db = server.app.ctx.opened.db;
    const id = await orderLastChanged(db, 'CANCELLED', new Date(now.getTime() - 1000));
    await sweepPersonalData(db, { now, retentionDays: 0, actor: null });
    expect((await orderRow(db, id)).personal_data_purged_at).toBe(now.toISOString());
  });

  it('POST /api/admin/privacy/purge sweeps now and records the admin who asked', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    // The start-up sweep (run when the app is ready) is over before the order exists.
    await server.app.ready();
    await server.app.retentionSweeper.idle();
    const id = await orderLastChanged(db, 'COMPLETED', new Date(now.getTime() - 40 * DAY));
    const res = await call(server.app, 'POST', '/api/admin/privacy/purge', {
      as: admin,
      body: {},
    });
    expect(res.statusCode).toBe(200);
    expect(res.json<PurgeReply>()).toEqual({
      status: 'success',
      message:
        'Removed personal data from 1 order and 0 feedback messages; deleted 0 rejected applications.',
      purged: { orders: 1, feedback: 0, applications: 0 },
    });
    expect((await orderRow(db, id)).personal_data_purged_at).toBe(now.toISOString());
    // The batch that purged the order, then the admin's purge as a whole.
    const [summary, batch] = await db
      .selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'privacy.purge')
      .orderBy('id', 'desc')
      .limit(2)
      .execute();
    for (const entry of [summary, batch]) {
      expect(entry).toMatchObject({ actor_id: admin.id, actor_username: admin.username });
    }
    expect(JSON.parse(batch?.details ?? '{}')).toMatchObject({ kind: 'orders', ids: [id] });
    expect(JSON.parse(summary?.details ?? '{}')).toEqual({
      kind: 'summary',
      orders: 1,
      feedback: 0,
      applications: 0,
    });

    // A purge with nothing to remove is still an admin action on record.
    const again = await call(server.app, 'POST', '/api/admin/privacy/purge', {
      as: admin,
      body: {},
    });
    expect(again.json<PurgeReply>().purged).toEqual({ orders: 0, feedback: 0, applications: 0 });
    const last = await db
      .selectFrom('audit_log')
      .selectAll()
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow();
    expect(last).toMatchObject({ action: 'privacy.purge', actor_id: admin.id });
  });

  it('gives signed-out callers, clients and volunteers nothing and purges nothing', async () => {
    const db = server.app.ctx.opened.db;
    const id = await orderLastChanged(db, 'COMPLETED', new Date(now.getTime() - 40 * DAY));
    const out = await call(server.app, 'POST', '/api/admin/privacy/purge', { body: {} });
    expect(out.statusCode).toBe(401);
    for (const role of ['CLIENT', 'VOLUNTEER'] as const) {
      const who = await createSignedInUser(db, { role });
      const res = await call(server.app, 'POST', '/api/admin/privacy/purge', {
        as: who,
        body: {},
      });
      expect(res.statusCode).toBe(403);
    }
    // A forged role claim in the body or headers changes nothing: the session decides.
    const client = await createUser(db);
    const forged = await call(server.app, 'POST', '/api/admin/privacy/purge', {
      body: { userId: client.id, userRole: 'ADMIN' },
      headers: { 'admin-username': 'admin', 'authentication-status': 'true' },
    });
    expect(forged.statusCode).toBe(401);
    expect((await orderRow(db, id)).personal_data_purged_at).toBeNull();
  });
});

describe('the sweep at start', () => {
  const server = useTestServer('sqlite', { retentionDays: 30 });

  it('purges what is past retention when the app becomes ready', async () => {
    const db = server.app.ctx.opened.db;
    const id = await orderLastChanged(db, 'COMPLETED', new Date(Date.now() - 31 * DAY));
    await server.app.ready();
    await server.app.retentionSweeper.idle();
    expect((await orderRow(db, id)).personal_data_purged_at).not.toBeNull();
  });
});
