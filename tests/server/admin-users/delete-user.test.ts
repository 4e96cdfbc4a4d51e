// DELETE /api/admin/user/delete: deletes the account and ends its logins; the user's orders
// and feedback stay, detached; an admin cannot delete themself, and two admins deleting each
// other at once still leave one admin.
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '#shared/contracts/admin-users';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { meStatus, messageOf } from './admin-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_USER_MESSAGES);

describe.each(testDialects())('DELETE /api/admin/user/delete (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const db = () => server.app.ctx.opened.db;
  const remove = (username: unknown, caller: { username: string; cookie: string } = admin) =>
    call(server.app, 'DELETE', '/api/admin/user/delete', {
      as: caller,
      body: { authenticated: true, adminUsername: caller.username, username },
    });

  async function insertOrderOf(userId: number): Promise<number> {
    const now = new Date().toISOString();
    const row = await db()
      .insertInto('orders')
      .values({
        user_id: userId,
        order_type: 'CLIENT',
        status: 'PENDING',
        delivery_address: '1 Main St',
        request_time: now,
        updated_at: now,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  }

  it('deletes the user (named in any letter case), ends their logins, keeps orders and feedback detached', async () => {
    const user = await createSignedInUser(db());
    const orderId = await insertOrderOf(user.id);
    await call(server.app, 'POST', '/api/feedback/submit', {
      as: user,
      body: { phoneNumber: '5551234567', content: 'Great service' },
    });
    expect(await meStatus(server, user.cookie)).toBe(200);

    const res = await remove(user.username.toUpperCase());
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.deleted });

    expect(await meStatus(server, user.cookie)).toBe(401);
    const gone = await db().selectFrom('users').select('id').where('id', '=', user.id).execute();
    expect(gone).toEqual([]);
    const order = await db()
      .selectFrom('orders')
      .select('user_id')
      .where('id', '=', orderId)
      .executeTakeFirstOrThrow();
    expect(order.user_id).toBeNull();
    const feedback = await db()
      .selectFrom('feedback')
      .select(['user_id', 'content'])
      .where('content', '=', 'Great service')
      .executeTakeFirstOrThrow();
    expect(feedback.user_id).toBeNull();
  });

  it('refuses deleting oneself (403) and keeps the account', async () => {
    const res = await remove(admin.username);
    expect(res.statusCode).toBe(403);
    expect(messageOf(res)).toBe(M.deleteSelf);
    expect(await meStatus(server, admin.cookie)).toBe(200);
  });

  it('an unknown username is a 404; a missing or malformed one a 400', async () => {
    expect((await remove('Nobodyhere')).statusCode).toBe(404);
    const missing = await remove('');
    expect(missing.statusCode).toBe(400);
    expect(messageOf(missing)).toBe(M.usernameMissing);
    expect((await remove(42)).statusCode).toBe(400);
    expect((await remove('x'.repeat(500))).statusCode).toBe(400);
  });

  it('deletes another admin while one admin is left', async () => {
    const other = await createUser(db(), { role: 'ADMIN' });
    expect((await remove(other.username)).statusCode).toBe(200);
  });

  it('two admins deleting each other at once leave one admin', async () => {
    const first = await createSignedInUser(db(), { role: 'ADMIN' });
    const second = await createSignedInUser(db(), { role: 'ADMIN' });
    // Only these two admins, so the guard is what keeps one of them.
    await db().deleteFrom('users').where('id', '=', admin.id).execute();
    const [a, b] = await Promise.all([
      remove(second.username, first),
      remove(first.username, second),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused as the last admin (409), or finds its own login gone (401).
    expect([401, 409]).toContain(statuses[1]);
    const admins = await db()
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
