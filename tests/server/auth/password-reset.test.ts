import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser, signedInCookie } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { codeIn, waitForMail } from './auth-helpers.ts';

const INVALID = 'The recovery code is invalid or has expired.';

describe.each(testDialects())('password reset (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  const db = () => server.app.ctx.opened.db;
  const requestReset = (email: string) =>
    call(server.app, 'POST', '/api/auth/password/request-reset', { body: { email } });
  const verify = (email: string, otp: string, newPassword = 'brandnew1') =>
    call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email, otp, newPassword },
    });
  const loginStatus = async (username: string, password: string) =>
    (await call(server.app, 'POST', '/api/auth/login', { body: { username, password } }))
      .statusCode;
  const wrongCode = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

  it('replies the same for a known and an unknown email, and mails only the known one', async () => {
    const user = await createUser(db());
    const known = await requestReset(user.email.toUpperCase());
    const unknown = await requestReset('nobody-at-all@example.org');
    expect(known.statusCode).toBe(200);
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual(known.json());
    expect(known.json()).toMatchObject({ status: 'success' });
    expect(codeIn(await waitForMail(server, user.email))).toMatch(/^\d{6}$/);
    const rows = await db()
      .selectFrom('password_reset_codes')
      .select('code_hash')
      .where('user_id', '=', user.id)
      .execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]!.code_hash).not.toContain(codeIn(await waitForMail(server, user.email)));
  });

  it('resets with the mailed code, once, and ends every session of the user', async () => {
    const user = await createUser(db());
    const cookie = await signedInCookie(db(), user.id);
    await requestReset(user.email);
    const code = codeIn(await waitForMail(server, user.email));
    const done = await verify(user.email, code);
    expect(done.statusCode).toBe(200);
    expect(done.json()).toMatchObject({ status: 'success' });
    expect(await loginStatus(user.username, 'brandnew1')).toBe(200);
    expect(await loginStatus(user.username, user.password!)).toBe(401);
    expect(
      (await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } })).statusCode,
    ).toBe(401);
    const reused = await verify(user.email, code, 'another22');
    expect(reused.statusCode).toBe(400);
    expect(reused.json()).toMatchObject({ message: INVALID });
    expect(await loginStatus(user.username, 'brandnew1')).toBe(200);
  });

  it('counts wrong codes and refuses the 6th try even with the right code', async () => {
    const user = await createUser(db());
    await requestReset(user.email);
    const code = codeIn(await waitForMail(server, user.email));
    for (let i = 0; i < 5; i++) {
      const res = await verify(user.email, wrongCode(code));
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', error: 'BAD_REQUEST', message: INVALID });
    }
    const sixth = await verify(user.email, code);
    expect(sixth.statusCode).toBe(400);
    expect(await loginStatus(user.username, user.password!)).toBe(200);
  });

  it('accepts the right code on the 5th try', async () => {
    const user = await createUser(db());
    await requestReset(user.email);
    const code = codeIn(await waitForMail(server, user.email));
    for (let i = 0; i < 4; i++)
      expect((await verify(user.email, wrongCode(code))).statusCode).toBe(400);
    expect((await verify(user.email, code)).statusCode).toBe(200);
  });

  it('refuses an expired code', async () => {
    const user = await createUser(db());
    await requestReset(user.email);
    const code = codeIn(await waitForMail(server, user.email));
    await db()
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', user.id)
      .execute();
    const res = await verify(user.email, code);
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ message: INVALID });
  });

  it('a new request makes the older code stop working', async () => {
    const user = await createUser(db());
    await requestReset(user.email);
    const first = codeIn(await waitForMail(server, user.email, 1));
    await requestReset(user.email);
    const second = codeIn(await waitForMail(server, user.email, 2));
    if (first !== second) expect((await verify(user.email, first)).statusCode).toBe(400);
    expect((await verify(user.email, second)).statusCode).toBe(200);
  });

  it('commits each counted try when the calls carry Idempotency-Keys', async () => {
    const user = await createUser(db());
    await requestReset(user.email);
    const code = codeIn(await waitForMail(server, user.email));
    for (let i = 0; i < 5; i++) {
      const res = await server.app.inject({
        method: 'POST',
        url: '/api/auth/password/verify-reset',
        headers: { 'idempotency-key': crypto.randomUUID() },
        payload: { email: user.email, otp: wrongCode(code), newPassword: 'brandnew1' },
      });
      expect(res.statusCode).toBe(400);
    }
    expect((await verify(user.email, code)).statusCode).toBe(400);
  });

  it('validates with the spec messages', async () => {
    const empty = await requestReset('');
    expect(empty.statusCode).toBe(400);
    expect(empty.json()).toMatchObject({ message: 'Email is required' });
    const missing = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: {
        email: 'a@example.org',
        otp: '123456',
      },
    });
    expect(missing.statusCode).toBe(400);
    expect(missing.json()).toMatchObject({ message: 'Email, OTP, and new password are required.' });
    const weak = await verify('a@example.org', '123456', 'short');
    expect(weak.json()).toMatchObject({
      message: 'Password must be alphanumeric and at least 8 characters long.',
    });
  });
});
