// Who may call each account route: signed out, a CLIENT, a CLIENT naming another CLIENT's
// userId (forged), a VOLUNTEER and an ADMIN.
import { beforeAll, describe, expect, it } from 'vitest';
import type { Role } from '#server/db/schema';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

type Caller = 'signedOut' | Role;
const SIGNED_IN: Role[] = ['CLIENT', 'VOLUNTEER', 'ADMIN'];

describe.each(testDialects())('account routes: who may call (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const users = new Map<Role, Awaited<ReturnType<typeof createSignedInUser>>>();
  let otherClientId = 0;
  beforeAll(async () => {
    const db = server.app.ctx.opened.db;
    // A password the password rule takes: the update-password cell sets it again.
    for (const role of SIGNED_IN)
      users.set(role, await createSignedInUser(db, { role, password: 'Matrix2pass' }));
    otherClientId = (await createSignedInUser(db)).id;
  });

  const userOf = (caller: Caller) => (caller === 'signedOut' ? undefined : users.get(caller)!);
  const idOf = (caller: Caller) => (caller === 'signedOut' ? otherClientId : users.get(caller)!.id);
  const passwordOf = (caller: Caller) =>
    caller === 'signedOut' ? 'Matrix2pass' : users.get(caller)!.password!;

  function updateBody(field: string, caller: Caller): object {
    const currentPassword = passwordOf(caller);
    switch (field) {
      case 'username':
        return { newUsername: uniqueUsername('m') };
      case 'email':
        return { newEmail: `${uniqueUsername('m')}@example.org`, currentPassword };
      case 'phone':
        return { newPhone: String(5550000000 + Math.floor(Math.random() * 9999)), currentPassword };
      default:
        return { newPassword: currentPassword, currentPassword };
    }
  }

  it('GET /api/auth/me: any signed-in user sees themself; signed out is 401', async () => {
    expect((await call(server.app, 'GET', '/api/auth/me')).statusCode).toBe(401);
    for (const role of SIGNED_IN) {
      const res = await call(server.app, 'GET', '/api/auth/me', {
        as: userOf(role),
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ userId: idOf(role), role });
    }
  });

  for (const field of ['username', 'email', 'phone', 'password']) {
    it(`PUT /api/auth/update/${field}: own account only`, async () => {
      const url = `/api/auth/update/${field}`;
      const signedOut = await call(server.app, 'PUT', url, {
        body: updateBody(field, 'signedOut'),
      });
      expect(signedOut.statusCode).toBe(401);
      for (const role of SIGNED_IN) {
        const forged = await call(server.app, 'PUT', url, {
          body: { userId: String(otherClientId), authenticated: true, ...updateBody(field, role) },
          as: userOf(role),
        });
        expect(forged.statusCode, `${role} forged`).toBe(403);
        const own = await call(server.app, 'PUT', url, {
          body: {
            userId: String(idOf(role)),
            authenticated: true,
            userRole: 'ADMIN',
            ...updateBody(field, role),
          },
          as: userOf(role),
        });
        expect(own.statusCode, `${role} own: ${own.body}`).toBe(200);
        expect(own.json()).toMatchObject({ userId: idOf(role) });
      }
    });
  }

  it('public routes answer every caller', async () => {
    for (const caller of ['signedOut', ...SIGNED_IN] as Caller[]) {
      const user = userOf(caller);
      const reset = await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: { email: 'nobody@example.org' },
        as: user,
      });
      expect(reset.statusCode).toBe(200);
      const verify = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
        body: { email: 'nobody@example.org', otp: '000000', newPassword: 'abcd1234' },
        as: user,
      });
      expect(verify.statusCode).toBe(400);
      const register = await call(server.app, 'POST', '/api/auth/register', {
        body: { username: uniqueUsername('pub'), password: 'abcd1234' },
        as: user,
      });
      expect(register.statusCode).toBe(201);
      const login = await call(server.app, 'POST', '/api/auth/login', {
        body: { username: 'nobody', password: 'abcd1234' },
        as: user,
      });
      expect(login.statusCode).toBe(401);
    }
  });

  it('a forged admin claim changes nothing: the role comes from the session', async () => {
    const client = users.get('CLIENT')!;
    const res = await server.app.inject({
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie: client.cookie, 'admin-username': users.get('ADMIN')!.username },
    });
    expect(res.statusCode).toBe(403);
  });
});
