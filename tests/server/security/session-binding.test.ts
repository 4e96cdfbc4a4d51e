import { describe, expect, it } from 'vitest';
import { createLoginSession, deleteLoginSession } from '#server/auth/login-sessions.repository';
import { LOGIN_COOKIE } from '#server/plugins/access';
import {
  bindSecureSessionToLogin,
  endSecureSessionsOfLogin,
  endSecureSessionsOfUser,
} from '#server/security/secure-sessions.repository';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser } from '../../support/factories.ts';
import { handshake, openReply, sendEncrypted } from './secure-client.ts';

const HOUR = 60 * 60 * 1000;

describe.each(testDialects())('secure sessions bound to a login (%s)', (dialect) => {
  const server = useTestServer(dialect);

  async function login() {
    const db = server.app.ctx.opened.db;
    const user = await createUser(db, { password: null });
    const { token, id } = await createLoginSession(db, user.id, new Date(), {
      idleMs: HOUR,
      maxMs: HOUR,
    });
    return { userId: user.id, loginSessionId: id, cookie: `${LOGIN_COOKIE}=${token}` };
  }

  async function health(session: Awaited<ReturnType<typeof handshake>>, cookie?: string) {
    return sendEncrypted(server, session, {
      method: 'GET',
      url: '/api/health',
      headers: cookie === undefined ? {} : { cookie },
    });
  }

  it('serves a bound session only with the cookie of its login', async () => {
    const db = server.app.ctx.opened.db;
    const session = await handshake(server);
    const mine = await login();
    const theirs = await login();
    await bindSecureSessionToLogin(db, session.sessionId, mine.loginSessionId);

    const withMine = await health(session, mine.cookie);
    expect(withMine.statusCode).toBe(200);
    expect(await openReply(session, withMine)).toEqual({ status: 'success' });

    for (const res of [await health(session), await health(session, theirs.cookie)]) {
      expect(res.statusCode).toBe(401);
      expect(res.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
    }
  });

  it('leaves an unbound session usable with or without a cookie', async () => {
    const session = await handshake(server);
    const someone = await login();
    expect((await health(session)).statusCode).toBe(200);
    expect((await health(session, someone.cookie)).statusCode).toBe(200);
  });

  it('ends the bound secure session at logout', async () => {
    const db = server.app.ctx.opened.db;
    const session = await handshake(server);
    const other = await handshake(server);
    const mine = await login();
    await bindSecureSessionToLogin(db, session.sessionId, mine.loginSessionId);
    await endSecureSessionsOfLogin(db, mine.loginSessionId);
    const res = await health(session, mine.cookie);
    expect(res.statusCode).toBe(401);
    expect(res.json()).toMatchObject({ error: 'SESSION_EXPIRED' });
    expect((await health(other)).statusCode).toBe(200);
  });

  it('refuses a bound session once its login is gone, even if nobody ended it', async () => {
    const db = server.app.ctx.opened.db;
    const session = await handshake(server);
    const mine = await login();
    await bindSecureSessionToLogin(db, session.sessionId, mine.loginSessionId);
    await deleteLoginSession(db, mine.loginSessionId);
    expect((await health(session, mine.cookie)).statusCode).toBe(401);
  });

  it('ends the secure sessions of every login of a user (password change)', async () => {
    const db = server.app.ctx.opened.db;
    const first = await login();
    const { token, id } = await createLoginSession(db, first.userId, new Date(), {
      idleMs: HOUR,
      maxMs: HOUR,
    });
    const a = await handshake(server);
    const b = await handshake(server);
    await bindSecureSessionToLogin(db, a.sessionId, first.loginSessionId);
    await bindSecureSessionToLogin(db, b.sessionId, id);
    await endSecureSessionsOfUser(db, first.userId);
    expect((await health(a, first.cookie)).statusCode).toBe(401);
    expect((await health(b, `${LOGIN_COOKIE}=${token}`)).statusCode).toBe(401);
    const rows = await db
      .selectFrom('secure_sessions')
      .select('id')
      .where('id', 'in', [a.sessionId, b.sessionId])
      .execute();
    expect(rows).toHaveLength(0);
  });
});
