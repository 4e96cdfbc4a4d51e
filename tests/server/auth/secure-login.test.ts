// Login through the secure channel (the web client's path): the reply comes encrypted, the
// secure session is bound to the new login, and logout ends it.
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser } from '../../support/factories.ts';
import { handshake, openReply, sendEncrypted } from '../security/secure-client.ts';
import { loginCookieOf } from './auth-helpers.ts';

describe.each(testDialects())('login through a secure session (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  const boundLogin = async (sessionId: string) =>
    (
      await server.app.ctx.opened.db
        .selectFrom('secure_sessions')
        .select('login_session_id')
        .where('id', '=', sessionId)
        .executeTakeFirst()
    )?.login_session_id;

  it('binds the secure session to the login and ends it at logout', async () => {
    const user = await createUser(server.app.ctx.opened.db);
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/auth/login',
      body: { username: user.username, password: user.password },
    });
    expect(res.statusCode).toBe(200);
    expect(await openReply(session, res)).toMatchObject({
      status: 'success',
      authenticated: true,
      userId: user.id,
      role: 'CLIENT',
    });
    expect(await boundLogin(session.sessionId)).toEqual(expect.any(String));
    const cookie = loginCookieOf(res);

    const me = await sendEncrypted(server, session, {
      method: 'GET',
      url: '/api/auth/me',
      headers: { cookie },
    });
    expect(await openReply(session, me)).toMatchObject({ userId: user.id });

    const out = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/auth/logout',
      body: {},
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(await boundLogin(session.sessionId)).toBeUndefined();
  });

  it('sends a failed login back encrypted with the same 401 envelope', async () => {
    const session = await handshake(server);
    const res = await sendEncrypted(server, session, {
      method: 'POST',
      url: '/api/auth/login',
      body: { username: 'nobody', password: 'wrongpass1' },
    });
    expect(res.statusCode).toBe(401);
    expect(await openReply(session, res)).toEqual({
      status: 'error',
      authenticated: false,
      message: 'Invalid username or password',
      error: 'UNAUTHORIZED',
    });
    expect(await boundLogin(session.sessionId)).toBeNull();
  });
});
