// PUT /api/admin/user/reset-password/{userId}: the spec's password rule, the new password
// works, and every login of the user ends.
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES } from '#shared/contracts/admin-users';
import { PASSWORD_MESSAGES } from '#shared/rules/passwords';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, signedInCookie } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { hashToken } from '#server/auth/login-sessions.repository';
import { bindSecureSessionToLogin } from '#server/security/secure-sessions.repository';
import { login } from '../auth/auth-helpers.ts';
import { handshake } from '../security/secure-client.ts';
import { meStatus, messageOf } from './admin-helpers.ts';
import { english, englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_USER_MESSAGES);

describe.each(testDialects())('PUT /api/admin/user/reset-password (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const reset = (userId: number | string, newPassword: unknown, cookie = admin.cookie) =>
    call(server.app, 'PUT', `/api/admin/user/reset-password/${userId}`, {
      body: { adminUsername: admin.username, authenticated: true, newPassword },
      headers: { cookie },
    });

  it('sets the new password and ends every login of the user and its secure sessions', async () => {
    const db = server.app.ctx.opened.db;
    const user = await createSignedInUser(db, { role: 'VOLUNTEER' });
    const secondLogin = await signedInCookie(db, user.id);
    const secure = await handshake(server);
    const loginId = hashToken(secondLogin.slice(secondLogin.indexOf('=') + 1));
    await bindSecureSessionToLogin(db, secure.sessionId, loginId);
    const res = await reset(user.id, 'fresh2pass');
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: M.passwordReset });
    expect(await meStatus(server, user.cookie)).toBe(401);
    expect(await meStatus(server, secondLogin)).toBe(401);
    const secureRows = await db
      .selectFrom('secure_sessions')
      .select('id')
      .where('id', '=', secure.sessionId)
      .execute();
    expect(secureRows).toEqual([]);
    const fresh = await login(server, user.username, 'fresh2pass');
    expect(await meStatus(server, fresh)).toBe(200);
    const old = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: user.username, password: user.password },
    });
    expect(old.statusCode).toBe(401);
    expect(await meStatus(server, admin.cookie)).toBe(200);
  });

  it('refuses a password that breaks the rule (400) and changes nothing', async () => {
    const user = await createSignedInUser(server.app.ctx.opened.db);
    for (const bad of ['short1', 'lettersonly', '12345678', 'with space1', '', null, 12345678]) {
      const res = await reset(user.id, bad);
      expect(res.statusCode, String(bad)).toBe(400);
      if (typeof bad === 'string')
        expect(messageOf(res)).toBe(english(PASSWORD_MESSAGES.registrationPassword));
    }
    expect(await meStatus(server, user.cookie)).toBe(200);
  });

  it('an unknown user is a 404; a malformed id a 400', async () => {
    expect((await reset(999999, 'fresh2pass')).statusCode).toBe(404);
    // Past PostgreSQL's 32-bit ids: still nobody, never a database error.
    expect((await reset('99999999999999', 'fresh2pass')).statusCode).toBe(400);
    expect((await reset('abc', 'fresh2pass')).statusCode).toBe(400);
    expect((await reset('0', 'fresh2pass')).statusCode).toBe(400);
  });

  it('an admin resetting their own password is signed out too', async () => {
    const self = await createSignedInUser(server.app.ctx.opened.db, { role: 'ADMIN' });
    const res = await call(server.app, 'PUT', `/api/admin/user/reset-password/${self.id}`, {
      as: self,
      body: { newPassword: 'myown2pass' },
    });
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === 'sm_login')?.value).toBe('');
    expect(await meStatus(server, self.cookie)).toBe(401);
  });
});
