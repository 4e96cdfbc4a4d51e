// Email ownership (beyond-spec.md section 1): an email is proven only by entering a 6-digit
// code mailed to it. Register and an email change mail one and leave the email unproven;
// POST /api/auth/email/send-code mails a fresh one (limited per account); /verify proves the
// email with the reset-code rules (15 minutes, 5 tries counted before comparing, single use, a
// new code voids the older ones); me and login carry emailVerified. Codes come from the real
// mail files.
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { EMAIL_MESSAGES } from '#shared/contracts/auth';
import { testDialects, useTestServer, type TestServer } from '../../support/build-app.ts';
import { createSignedInUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { login } from './auth-helpers.ts';
import { linksIn, mailedCode, mailsTo, nthMailTo } from './code-mail-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(EMAIL_MESSAGES);

const PASSWORD = 'Mailbox42pass';

const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0');

function helpers(server: TestServer) {
  const db = () => server.app.ctx.opened.db;
  return {
    db,
    async register() {
      const username = uniqueUsername('mail');
      const email = `${username}@example.org`;
      const res = await call(server.app, 'POST', '/api/auth/register', {
        body: {
          username,
          password: PASSWORD,
          email,
        },
      });
      expect(res.statusCode, res.body).toBe(201);
      return { username, email, cookie: await login(server, username, PASSWORD) };
    },
    sendCode: (cookie: string) =>
      call(server.app, 'POST', '/api/auth/email/send-code', { body: {}, headers: { cookie } }),
    verify: (cookie: string, code: unknown) =>
      call(server.app, 'POST', '/api/auth/email/verify', { body: { code }, headers: { cookie } }),
    async me(cookie: string) {
      const res = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
      expect(res.statusCode, res.body).toBe(200);
      return res.json<{ email: string | null; emailVerified: boolean }>();
    },
  };
}

describe.each(testDialects())('email verification (%s)', (dialect) => {
  const server = useTestServer(dialect, {
    rateLimitScale: 1000,
    publicUrl: 'https://supply.example',
  });
  const h = helpers(server);
  const messageOf = (res: LightMyRequestResponse) => res.json<{ message: string }>().message;

  it('registration mails a code that proves the email on /profile; me and login say so', async () => {
    const user = await h.register();
    expect(await h.me(user.cookie)).toMatchObject({ email: user.email, emailVerified: false });
    const mail = await nthMailTo(server, user.email, 1);
    expect(mail.subject).toMatch(/verify your email/);
    expect(mail.text).toContain('"Verify email"');
    expect(linksIn(mail).map((l) => l.href)).toEqual(['https://supply.example/profile']);
    const code = mailedCode(mail);

    const refused = await h.verify(user.cookie, wrong(code));
    expect(refused.statusCode).toBe(400);
    expect(messageOf(refused)).toBe(M.wrongCode);
    expect(await h.me(user.cookie)).toMatchObject({ emailVerified: false });

    const done = await h.verify(user.cookie, code);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toEqual({
      status: 'success',
      message: M.verified,
      email: user.email,
      emailVerified: true,
    });
    expect(await h.me(user.cookie)).toMatchObject({ emailVerified: true });
    const signIn = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: user.username,
        password: PASSWORD,
      },
    });
    expect(signIn.json()).toMatchObject({ emailVerified: true });
    // Proven: send-code says so and mails nothing.
    const again = await h.sendCode(user.cookie);
    expect(again.statusCode).toBe(200);
    expect(messageOf(again)).toBe(M.alreadyVerified);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(server, user.email)).toHaveLength(1);
  });

  it('a new code voids the older one; a used code works once', async () => {
    const user = await h.register();
    const first = mailedCode(await nthMailTo(server, user.email, 1));
    const sent = await h.sendCode(user.cookie);
    expect(sent.statusCode, sent.body).toBe(200);
    expect(messageOf(sent)).toBe(M.codeSent);
    const second = mailedCode(await nthMailTo(server, user.email, 2));
    if (first !== second) {
      const old = await h.verify(user.cookie, first);
      expect(old.statusCode).toBe(400);
      expect(messageOf(old)).toBe(M.wrongCode);
    }
    expect((await h.verify(user.cookie, second)).statusCode).toBe(200);
    // The used code does not reset the password either (one use, wherever it is entered).
    const reuse = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: {
        email: user.email,
        otp: second,
        newPassword: 'Takeover99x',
      },
    });
    expect(reuse.statusCode).toBe(400);
    expect(
      (
        await call(server.app, 'POST', '/api/auth/login', {
          body: {
            username: user.username,
            password: PASSWORD,
          },
        })
      ).statusCode,
    ).toBe(200);
  });

  it('counts 5 tries before comparing, then refuses even the right code', async () => {
    const user = await h.register();
    const code = mailedCode(await nthMailTo(server, user.email, 1));
    for (let i = 0; i < 5; i++) {
      const res = await h.verify(user.cookie, wrong(code));
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(M.wrongCode);
    }
    const sixth = await h.verify(user.cookie, code);
    expect(sixth.statusCode).toBe(400);
    expect(messageOf(sixth)).toBe(M.tooManyTries);
    expect(await h.me(user.cookie)).toMatchObject({ emailVerified: false });
    const attempts = await h
      .db()
      .selectFrom('password_reset_codes as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select('c.attempts')
      .where('u.email_key', '=', user.email)
      .where('c.used_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(attempts.attempts).toBe(5);
  });

  it('refuses an expired code, no code, a malformed code, and an account without email', async () => {
    const user = await h.register();
    const code = mailedCode(await nthMailTo(server, user.email, 1));
    const userRow = await h
      .db()
      .selectFrom('users')
      .select('id')
      .where('email_key', '=', user.email)
      .executeTakeFirstOrThrow();
    await h
      .db()
      .updateTable('password_reset_codes')
      .set({ expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('user_id', '=', userRow.id)
      .execute();
    const expired = await h.verify(user.cookie, code);
    expect(expired.statusCode).toBe(400);
    expect(messageOf(expired)).toBe(M.expired);

    const fresh = await createSignedInUser(h.db());
    const none = await h.verify(fresh.cookie, '123456');
    expect(none.statusCode).toBe(400);
    expect(messageOf(none)).toBe(M.noCode);
    for (const [bad, message] of [
      ['', M.codeMissing],
      ['12345', M.codeFormat],
      ['12a456', M.codeFormat],
      [null, M.codeMissing],
    ] as const) {
      const res = await h.verify(fresh.cookie, bad);
      expect(res.statusCode).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect((await h.verify(fresh.cookie, 123456)).statusCode).toBe(400);

    await h
      .db()
      .updateTable('users')
      .set({ email: null, email_key: null })
      .where('id', '=', fresh.id)
      .execute();
    const noEmail = await h.sendCode(fresh.cookie);
    expect(noEmail.statusCode).toBe(409);
    expect(messageOf(noEmail)).toBe(M.noEmail);
    expect(await h.me(fresh.cookie)).toMatchObject({ email: null, emailVerified: false });
  });

  it('signed out, both routes are a 401', async () => {
    expect(
      (await call(server.app, 'POST', '/api/auth/email/send-code', { body: {} })).statusCode,
    ).toBe(401);
    expect(
      (await call(server.app, 'POST', '/api/auth/email/verify', { body: { code: '123456' } }))
        .statusCode,
    ).toBe(401);
  });

  it('an email change un-proves the email and mails the new address a code', async () => {
    const user = await h.register();
    expect(
      (await h.verify(user.cookie, mailedCode(await nthMailTo(server, user.email, 1)))).statusCode,
    ).toBe(200);
    const newEmail = `${uniqueUsername('moved')}@example.org`;
    const changed = await call(server.app, 'PUT', '/api/auth/update/email', {
      as: user,
      body: { currentPassword: PASSWORD, newEmail },
    });
    expect(changed.statusCode, changed.body).toBe(200);
    expect(changed.json()).toMatchObject({ email: newEmail, emailVerified: false });
    expect(await h.me(user.cookie)).toMatchObject({ email: newEmail, emailVerified: false });
    const code = mailedCode(await nthMailTo(server, newEmail, 1));
    expect((await h.verify(user.cookie, code)).statusCode).toBe(200);
    expect(await h.me(user.cookie)).toMatchObject({ email: newEmail, emailVerified: true });
  });

  it("an admin's change of a user's email un-proves it and mails the new address", async () => {
    const admin = await createSignedInUser(h.db(), { role: 'ADMIN' });
    const user = await createSignedInUser(h.db(), { emailVerified: true });
    expect(await h.me(user.cookie)).toMatchObject({ emailVerified: true });
    const fields = { username: user.username, phone: user.phone, role: 'CLIENT' };
    const same = await call(server.app, 'PUT', `/api/admin/user/update/${user.id}`, {
      as: admin,
      body: { ...fields, email: user.email.toUpperCase() },
    });
    expect(same.statusCode, same.body).toBe(200);
    expect(await h.me(user.cookie)).toMatchObject({ emailVerified: true });
    const newEmail = `${uniqueUsername('admset')}@example.org`;
    const res = await call(server.app, 'PUT', `/api/admin/user/update/${user.id}`, {
      as: admin,
      body: { ...fields, email: newEmail },
    });
    expect(res.statusCode, res.body).toBe(200);
    expect(await h.me(user.cookie)).toMatchObject({ email: newEmail, emailVerified: false });
    expect(
      (await h.verify(user.cookie, mailedCode(await nthMailTo(server, newEmail, 1)))).statusCode,
    ).toBe(200);
  });

  it('a replayed verify (same Idempotency-Key) neither spends a try nor changes the verdict', async () => {
    const user = await h.register();
    const code = mailedCode(await nthMailTo(server, user.email, 1));
    const key = `verify-${uniqueUsername()}`;
    const send = () =>
      server.app.inject({
        method: 'POST',
        url: '/api/auth/email/verify',
        headers: { cookie: user.cookie, 'idempotency-key': key },
        payload: { code: wrong(code) },
      });
    for (let i = 0; i < 7; i++) expect((await send()).statusCode).toBe(400);
    expect((await h.verify(user.cookie, code)).statusCode).toBe(200);
  });
});

describe.each(testDialects())('email code sending limits (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1 });
  const h = helpers(server);

  it('mails at most 5 verification codes per account and hour', async () => {
    const user = await createSignedInUser(h.db());
    for (let i = 0; i < 5; i++) expect((await h.sendCode(user.cookie)).statusCode).toBe(200);
    const sixth = await h.sendCode(user.cookie);
    expect(sixth.statusCode).toBe(429);
    expect(sixth.json()).toMatchObject({ message: M.tooManyCodes });
    expect(sixth.headers['retry-after']).toBeDefined();
    await nthMailTo(server, user.email, 5);
    await new Promise((r) => setTimeout(r, 200));
    expect(mailsTo(server, user.email)).toHaveLength(5);
    // Another account is not held back by this one's limit.
    const other = await createSignedInUser(h.db());
    expect((await h.sendCode(other.cookie)).statusCode).toBe(200);
  });
});
