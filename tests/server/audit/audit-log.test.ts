// The audit log's API (beyond-spec.md section 2 "Audit log"): GET /api/admin/audit pages newest
// first with filters, GET /api/admin/audit.csv streams the same entries as RFC 4180 CSV with
// formulas disarmed, and the database itself refuses to edit or delete an entry.
import { sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import { appendAudit } from '#server/audit/audit.repository';
import type { AuditRecord } from '#server/audit/audit.types';
import type { AuditListReply } from '#shared/contracts/audit';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

const record = (over: Partial<AuditRecord>): AuditRecord => ({
  actor: null,
  action: 'user.update',
  targetType: 'user',
  targetId: 1,
  details: null,
  ...over,
});

describe.each(testDialects())('the audit log (%s)', (dialect) => {
  const server = useTestServer(dialect);
  let admin: SignedInUser;
  const list = (query: string) =>
    call(server.app, 'GET', `/api/admin/audit${query}`, { as: admin });

  it('pages newest first and filters by actor, action and time', async () => {
    const db = server.app.ctx.opened.db;
    admin = await createSignedInUser(db, { role: 'ADMIN' });
    const alice = { userId: 9001, username: 'Alice' };
    const bob = { userId: 9002, username: 'bob' };
    await appendAudit(db, new Date('2026-01-01T10:00:00.000Z'), [
      record({ actor: alice, action: 'user.delete', targetId: 5 }),
      record({ actor: bob, action: 'round.create', targetType: 'round', targetId: 7 }),
    ]);
    await appendAudit(db, new Date('2026-01-03T10:00:00.000Z'), [
      record({ actor: alice, action: 'round.cancel', targetType: 'round', targetId: 7 }),
      record({
        actor: bob,
        action: 'personal_data.read',
        targetType: 'order',
        targetId: null,
        details: { route: 'GET /api/orders/all', orderIds: [3, 4] },
      }),
    ]);

    const all = await list('');
    expect(all.statusCode).toBe(200);
    const body = all.json<AuditListReply>();
    expect(body.status).toBe('success');
    expect(body.entries.map((e) => e.action)).toEqual([
      'personal_data.read',
      'round.cancel',
      'round.create',
      'user.delete',
    ]);
    expect(body.entries[0]).toEqual({
      id: expect.any(Number) as number,
      at: '2026-01-03T10:00:00.000Z',
      actorId: 9002,
      actorUsername: 'bob',
      action: 'personal_data.read',
      targetType: 'order',
      targetId: null,
      details: { route: 'GET /api/orders/all', orderIds: [3, 4] },
    });
    expect(body.nextCursor).toBeNull();

    const actions = async (query: string) =>
      (await list(query)).json<AuditListReply>().entries.map((e) => e.action);
    expect(await actions('?actor=ALICE')).toEqual(['round.cancel', 'user.delete']);
    expect(await actions('?actor=9002')).toEqual(['personal_data.read', 'round.create']);
    expect(await actions('?action=round.*')).toEqual(['round.cancel', 'round.create']);
    expect(await actions('?action=round.create')).toEqual(['round.create']);
    expect(await actions('?from=2026-01-02')).toEqual(['personal_data.read', 'round.cancel']);
    expect(await actions('?to=2026-01-01')).toEqual(['round.create', 'user.delete']);
    expect(await actions('?from=2026-01-03T10:00:00Z&to=2026-01-03T10:00:00Z')).toHaveLength(2);
    expect(await actions('?actor=alice&action=user.*&to=2026-01-02')).toEqual(['user.delete']);
    expect(await actions('?actor=nobody')).toEqual([]);
  });

  it('gives pages with a cursor that continues where the last page ended', async () => {
    const first = (await list('?limit=3')).json<AuditListReply>();
    expect(first.entries).toHaveLength(3);
    expect(first.nextCursor).toBe(String(first.entries[2]?.id));
    const second = (await list(`?limit=3&before=${first.nextCursor ?? ''}`)).json<AuditListReply>();
    expect(second.entries).toHaveLength(1);
    expect(second.nextCursor).toBeNull();
    const ids = [...first.entries, ...second.entries].map((e) => e.id);
    expect(ids).toEqual([...ids].sort((a, b) => b - a));
  });

  it.each([
    ['?limit=0', 'limit: Too small: expected number to be >=1'],
    ['?limit=501', 'limit: Too big: expected number to be <=500'],
    ['?before=abc', 'before: must be a nextCursor from an earlier page'],
    ['?from=yesterday', 'from: must be a date (YYYY-MM-DD) or an ISO 8601 time'],
    ['?to=2026-13-45', 'to: must be a date (YYYY-MM-DD) or an ISO 8601 time'],
  ])('refuses %s with a 400 that says why', async (query, message) => {
    const res = await list(query);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ status: 'error', message });
  });

  it('downloads the same entries as CSV, quoted by RFC 4180, formulas disarmed', async () => {
    const db = server.app.ctx.opened.db;
    await appendAudit(db, new Date('2026-01-04T10:00:00.000Z'), [
      record({
        actor: { userId: 9003, username: '=HYPERLINK("http://evil.example","x")' },
        action: 'user.update',
        details: { note: 'a, "quoted"\nvalue' },
      }),
    ]);
    const res = await call(server.app, 'GET', '/api/admin/audit.csv?actor=9003', { as: admin });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toBe('text/csv; charset=utf-8');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="audit-\d{4}-\d\d-\d\d\.csv"$/,
    );
    const lines = res.body.split('\r\n');
    expect(lines[0]).toBe('id,at,actorId,actorUsername,action,targetType,targetId,details');
    expect(lines[1]).toMatch(
      /^\d+,2026-01-04T10:00:00\.000Z,9003,"'=HYPERLINK\(""http:\/\/evil\.example"",""x""\)",user\.update,user,1,"\{""note"":""a, \\""quoted\\""\\nvalue""\}"$/,
    );
    expect(lines.slice(2)).toEqual(['']);

    const everything = await call(server.app, 'GET', '/api/admin/audit.csv', { as: admin });
    expect(everything.body.trim().split('\r\n')).toHaveLength(1 + 5);
  });

  it('refuses the CSV a bad filter with a 400 that says why', async () => {
    const res = await call(server.app, 'GET', '/api/admin/audit.csv?from=soon', { as: admin });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({
      message: 'from: must be a date (YYYY-MM-DD) or an ISO 8601 time',
    });
  });

  it('is append-only: the database refuses to edit or delete an entry', async () => {
    const db = server.app.ctx.opened.db;
    await expect(
      db.updateTable('audit_log').set({ action: 'user.create' }).execute(),
    ).rejects.toThrow(/audit_log is append-only/);
    await expect(db.deleteFrom('audit_log').execute()).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    const left = await db
      .selectFrom('audit_log')
      .select(db.fn.countAll().as('n'))
      .executeTakeFirst();
    expect(Number(left?.n)).toBe(5);
  });

  it('gives signed-out callers, clients and volunteers nothing', async () => {
    const db = server.app.ctx.opened.db;
    const client = await createSignedInUser(db);
    const volunteer = await createSignedInUser(db, { role: 'VOLUNTEER' });
    for (const url of ['/api/admin/audit', '/api/admin/audit.csv']) {
      expect((await call(server.app, 'GET', url)).statusCode).toBe(401);
      for (const who of [client, volunteer]) {
        const res = await call(server.app, 'GET', url, { as: who });
        expect(res.statusCode).toBe(403);
        expect(res.body).not.toContain('HYPERLINK');
      }
    }
  });
});
