// GET /api/admin/users: every user, grouped by role, with the spec's user fields.
import { describe, expect, it } from 'vitest';
import type { AdminUsersReply } from '#shared/contracts/admin-users';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('GET /api/admin/users (%s)', (dialect) => {
  const server = useTestServer(dialect);

  it('lists clients, volunteers and admins with their fields and no secrets', async () => {
    const db = server.app.ctx.opened.db;
    const admin = await createSignedInUser(db, { role: 'ADMIN' });
    const client = await createUser(db, { firstName: 'Cleo', lastName: 'Park' });
    const volunteer = await createUser(db, { role: 'VOLUNTEER', volunteerSubRole: 'CLINICIAN' });
    const res = await call(server.app, 'GET', '/api/admin/users', {
      as: admin,
      headers: { 'admin-username': admin.username, 'authentication-status': 'true' },
    });
    expect(res.statusCode).toBe(200);
    const { status, data } = res.json<AdminUsersReply>();
    expect(status).toBe('success');
    expect(data.clients).toEqual([
      {
        userId: client.id,
        username: client.username,
        email: client.email,
        phone: client.phone,
        role: 'CLIENT',
        firstName: 'Cleo',
        lastName: 'Park',
        volunteerSubRole: null,
      },
    ]);
    expect(data.volunteers).toEqual([
      expect.objectContaining({ userId: volunteer.id, volunteerSubRole: 'CLINICIAN' }),
    ]);
    expect(data.admins.map((u) => u.userId)).toEqual([admin.id]);
    expect(res.body).not.toMatch(/argon2|password/i);
  });
});
