// Reads of personal data other than orders (beyond-spec.md section 2 "Audit log"): the admin
// user list holds users' phones, the feedback list its senders' phones. Each reply records ONE
// personal_data.read entry naming the admin, the route and the records whose phone it holds;
// a reply holding none records nothing. (Orders: tests/server/orders/order-privacy.test.ts and
// tests/server/rounds/round-orders.test.ts.)
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

interface Read {
  actorId: number | null;
  targetType: string | null;
  details: Record<string, unknown>;
}

async function readsSince(db: Db, afterId: number): Promise<Read[]> {
  const rows = await db
    .selectFrom('audit_log')
    .select(['actor_id', 'target_type', 'details'])
    .where('action', '=', 'personal_data.read')
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    actorId: r.actor_id,
    targetType: r.target_type,
    details: JSON.parse(r.details ?? '{}') as Record<string, unknown>,
  }));
}

async function lastAuditId(db: Db): Promise<number> {
  const row = await db
    .selectFrom('audit_log')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return row?.id ?? 0;
}

describe.each(testDialects())('personal data reads of users and feedback (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 100 });

  it('GET /api/admin/users records the users whose phone it holds', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const client = await createUser(db, { phone: '5557778888' });
    const noPhone = await createUser(db, { phone: '' });
    const before = await lastAuditId(db);
    const res = await call(server.app, 'GET', '/api/admin/users', { as: admin });
    expect(res.statusCode).toBe(200);
    const reads = await readsSince(db, before);
    expect(reads).toHaveLength(1);
    expect(reads[0]).toMatchObject({ actorId: admin.id, targetType: 'user' });
    expect(reads[0]?.details.route).toBe('GET /api/admin/users');
    const userIds = reads[0]?.details.userIds as number[];
    expect(userIds).toContain(client.id);
    expect(userIds).toContain(admin.id);
    expect(userIds).not.toContain(noPhone.id);
  });

  it('GET /api/feedback/all records the messages holding a phone, and nothing when none', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const empty = await lastAuditId(db);
    await call(server.app, 'GET', '/api/feedback/all', { as: admin });
    expect(await readsSince(db, empty)).toEqual([]);

    const sent = await call(server.app, 'POST', '/api/feedback/submit', {
      body: { name: 'Visitor', phoneNumber: '5551112222', content: 'Thanks' },
    });
    const kept = sent.json<{ id: number }>().id;
    const purged = await call(server.app, 'POST', '/api/feedback/submit', {
      body: { name: 'Visitor', phoneNumber: '5553334444', content: 'Old' },
    });
    // As the retention sweep leaves it: the phone emptied.
    await db
      .updateTable('feedback')
      .set({ phone_number: '', personal_data_purged_at: new Date().toISOString() })
      .where('id', '=', purged.json<{ id: number }>().id)
      .execute();
    const before = await lastAuditId(db);
    const res = await call(server.app, 'GET', '/api/feedback/all', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(await readsSince(db, before)).toEqual([
      {
        actorId: admin.id,
        targetType: 'feedback',
        details: { route: 'GET /api/feedback/all', feedbackIds: [kept] },
      },
    ]);
  });

  it('a HEAD request sends no body and records nothing', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const before = await lastAuditId(db);
    const res = await call(server.app, 'HEAD', '/api/admin/users', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(await readsSince(db, before)).toEqual([]);
  });

  it('the application lists record the applicants whose phone they hold', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const row = await db
      .insertInto('volunteer_applications')
      .values({
        first_name: 'Ari',
        last_name: 'Applicant',
        email: 'ari@example.org',
        phone: '5554443333',
        notes: null,
        status: 'PENDING',
        submission_date: new Date().toISOString(),
        decided_at: null,
        decided_by: null,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    for (const url of ['/api/volunteer/applications', '/api/volunteer/pending']) {
      const before = await lastAuditId(db);
      const res = await call(server.app, 'GET', url, { as: admin });
      expect(res.statusCode).toBe(200);
      const reads = await readsSince(db, before);
      expect(reads).toHaveLength(1);
      expect(reads[0]).toMatchObject({ actorId: admin.id, targetType: 'application' });
      expect(reads[0]?.details).toMatchObject({ route: `GET ${url}` });
      expect(reads[0]?.details.applicationIds).toContain(row.id);
    }
  });
});
