// Accounts as spec section 7 "Account" and wire-protocol.md "Who the caller is" describe them,
// tried by an independent client.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, testDialects, type TestServer } from '../support/build-app.ts';
import {
  ADMIN,
  isId,
  letters,
  login,
  loginAs,
  mailsTo,
  newClient,
  password,
  phone10,
  registerClient,
  securedClient,
  startServer,
  expectOk,
  expectSealed,
} from './harness.ts';
import { rec } from './wire-client.ts';

const LOGIN_FIELDS = [
  'status',
  'authenticated',
  'message',
  'username',
  'userId',
  'role',
  'email',
  'phone',
  'emailVerified', // beyond-spec.md section 1
];

describe.each(testDialects())('independent client: accounts (%s)', (dialect) => {
  let server: TestServer;
  beforeAll(async () => {
    server = await startServer(dialect);
  });
  afterAll(async () => {
    await server.close();
  });

  it('register (encrypted) replies status and message; the account is a CLIENT', async () => {
    const c = await securedClient(server);
    const username = `reg${letters(8)}`;
    const pw = password();
    const reply = await c.post(
      '/api/auth/register',
      {
        username,
        password: pw,
        role: 'CLIENT',
        email: `${username}@example.org`,
        phone: phone10(),
      },
      { encrypt: true },
    );
    expectOk(reply);
    expect(reply.encrypted).toBe(true);
    const body = rec(reply.json);
    expect(body.status).toBe('success');
    expect(typeof body.message).toBe('string');
    expect((await loginAs(server, username, pw)).role).toBe('CLIENT');
  });

  it('register with a claimed role ADMIN never creates an admin (registration role is fixed CLIENT)', async () => {
    const c = await securedClient(server);
    const username = `claim${letters(8)}`;
    const pw = password();
    const reply = await c.post('/api/auth/register', { username, password: pw, role: 'ADMIN' });
    if (reply.status >= 200 && reply.status < 300) {
      expect((await loginAs(server, username, pw)).role).toBe('CLIENT');
    } else {
      expect([400, 403]).toContain(reply.status);
      expect(rec(reply.json).status).toBe('error');
    }
  });

  it('register without a password is a 400 whose message names the field', async () => {
    const c = await securedClient(server);
    const reply = await c.post('/api/auth/register', {
      username: `np${letters(8)}`,
      role: 'CLIENT',
    });
    expect(reply.status, reply.text).toBe(400);
    const body = rec(reply.json);
    expect(body.status).toBe('error');
    expect(String(body.message).toLowerCase()).toContain('password');
    expect(typeof body.error).toBe('string');
  });

  it('login (encrypted) replies the documented fields and sets an HttpOnly SameSite=Strict Path=/ cookie', async () => {
    const c = await securedClient(server);
    const username = `log${letters(8)}`;
    const pw = password();
    const email = `${username}@example.org`;
    const phone = phone10();
    await c.post('/api/auth/register', { username, password: pw, role: 'CLIENT', email, phone });
    const reply = await login(c, username, pw);
    expectOk(reply);
    expect(reply.encrypted).toBe(true);
    const body = rec(reply.json);
    for (const field of LOGIN_FIELDS) expect(body, field).toHaveProperty(field);
    expect(body).toMatchObject({
      status: 'success',
      authenticated: true,
      username,
      role: 'CLIENT',
      email,
      phone,
    });
    expect(isId(body.userId)).toBe(true);
    expect(typeof body.message).toBe('string');
    const session = reply.setCookies.filter((line) => /httponly/i.test(line));
    expect(session.length, reply.setCookies.join(' | ')).toBeGreaterThanOrEqual(1);
    const line = session[0]!;
    const attrs = line.split(';').map((a) => a.trim().toLowerCase());
    expect(attrs).toContain('httponly');
    expect(attrs).toContain('samesite=strict');
    expect(attrs).toContain('path=/');
  });

  it('login accepts an email in the username field', async () => {
    const account = await registerClient(server, 'mail');
    const c = await securedClient(server);
    const reply = await login(c, account.email, account.password);
    expectOk(reply);
    expect(rec(reply.json)).toMatchObject({ authenticated: true, username: account.username });
  });

  it('a failed login is exactly {"status":"error","authenticated":false,"message":"Invalid username or password"} with 401, alike for unknown user and wrong password', async () => {
    const account = await registerClient(server, 'fail');
    const c = await securedClient(server);
    const wrongPassword = await login(c, account.username, 'Wrong12345');
    const unknownUser = await login(c, `ghost${letters(8)}`, 'Wrong12345');
    for (const reply of [wrongPassword, unknownUser]) {
      expect(reply.status, reply.text).toBe(401);
      expect(reply.encrypted).toBe(true);
      expect(rec(reply.json)).toMatchObject({
        status: 'error',
        authenticated: false,
        message: 'Invalid username or password',
      });
      expect(
        reply.setCookies.filter(
          (l) => /httponly/i.test(l) && !/max-age=0|expires=thu, 01 jan 1970/i.test(l),
        ),
      ).toEqual([]);
    }
    expect(wrongPassword.json).toEqual(unknownUser.json);
  });

  it('GET /api/auth/me returns the signed-in user with the login fields, or 401 without a session', async () => {
    const account = await registerClient(server, 'me');
    const me = await account.client.get('/api/auth/me');
    expectOk(me);
    const body = rec(me.json);
    for (const field of LOGIN_FIELDS) expect(body, field).toHaveProperty(field);
    expect(body).toMatchObject({
      status: 'success',
      authenticated: true,
      username: account.username,
      userId: account.userId,
      role: 'CLIENT',
      email: account.email,
      phone: account.phone,
    });
    const anonymous = await account.client.get('/api/auth/me', { noCookies: true });
    expect(anonymous.status).toBe(401);
    expect(rec(anonymous.json)).toMatchObject({ status: 'error' });
    expect(typeof rec(anonymous.json).error).toBe('string');
  });

  it('profile updates: username (encrypted), email, phone (plain JSON), password; userId sent as a string', async () => {
    const a = await registerClient(server, 'prof');
    const userId = String(a.userId);
    const newUsername = `renamed${letters(8)}`;
    const u = await a.client.put('/api/auth/update/username', {
      userId,
      authenticated: true,
      newUsername,
    });
    expectOk(u);
    expect(u.encrypted).toBe(true);
    expect(rec(u.json)).toMatchObject({ status: 'success' });
    expect(typeof rec(u.json).message).toBe('string');

    const newEmail = `${newUsername}@example.net`;
    const e = await a.client.put(
      '/api/auth/update/email',
      { userId, authenticated: true, currentPassword: a.password, newEmail },
      { encrypt: false },
    );
    expectOk(e);
    expect(rec(e.json).status).toBe('success');

    const newPhone = phone10();
    const p = await a.client.put(
      '/api/auth/update/phone',
      { userId, authenticated: true, currentPassword: a.password, newPhone },
      { encrypt: false },
    );
    expectOk(p);
    expect(rec(p.json).status).toBe('success');

    const me = rec((await a.client.get('/api/auth/me')).json);
    expect(me).toMatchObject({ username: newUsername, email: newEmail, phone: newPhone });

    const newPassword = password();
    const pw = await a.client.put('/api/auth/update/password', {
      userId,
      authenticated: true,
      currentPassword: a.password,
      newPassword,
    });
    expectOk(pw);
    expect(rec(pw.json).status).toBe('success');
    const c = await securedClient(server);
    expect((await login(c, newUsername, a.password)).status).toBe(401);
    expectOk(await login(c, newUsername, newPassword));
  });

  it('a profile update with a wrong current password is refused and changes nothing', async () => {
    const a = await registerClient(server, 'wrongpw');
    const reply = await a.client.put('/api/auth/update/email', {
      userId: String(a.userId),
      authenticated: true,
      currentPassword: 'NotMine123',
      newEmail: `x${letters(8)}@example.org`,
    });
    expect(reply.status).toBeGreaterThanOrEqual(400);
    expect(reply.status).toBeLessThan(500);
    expect(rec(reply.json).status).toBe('error');
    expect(rec((await a.client.get('/api/auth/me')).json).email).toBe(a.email);
  });

  it('logout ends the login session: /me is 401 afterwards, also when the old cookie is replayed', async () => {
    const a = await registerClient(server, 'bye');
    const saved = new Map(a.client.cookies);
    const out = await a.client.post('/api/auth/logout', {});
    expectOk(out);
    expect(rec(out.json).status).toBe('success');
    expect((await a.client.get('/api/auth/me')).status).toBe(401);
    for (const [k, v] of saved) a.client.cookies.set(k, v);
    expect((await a.client.get('/api/auth/me')).status).toBe(401);
  });

  it('password reset: the request reply is the same for a known and an unknown email; the mailed code resets it', async () => {
    const a = await registerClient(server, 'reset');
    const c = await securedClient(server);
    // Registration mails the address a code to prove it (beyond-spec.md section 1): wait for
    // it, so that only the mails after the reset request are searched for the recovery code.
    for (let waited = 0; mailsTo(server, a.email).length === 0 && waited < 5000; waited += 100)
      await new Promise((resolve) => setTimeout(resolve, 100));
    const mailedBefore = mailsTo(server, a.email).length;
    const known = await c.post('/api/auth/password/request-reset', { email: a.email });
    const unknown = await c.post('/api/auth/password/request-reset', {
      email: `nobody${letters(8)}@example.org`,
    });
    expectOk(known);
    expect(unknown.status).toBe(known.status);
    expect(unknown.json).toEqual(known.json);
    expect(rec(known.json).status).toBe('success');
    expect(typeof rec(known.json).message).toBe('string');

    // The code is 6 digits somewhere in the body; skip header-ish lines (ids, boundaries).
    // Mail may be written just after the reply: look for up to 5 s.
    let candidates: string[] = [];
    for (let waited = 0; candidates.length === 0 && waited < 5000; waited += 100) {
      if (waited > 0) await new Promise((resolve) => setTimeout(resolve, 100));
      candidates = mailsTo(server, a.email)
        .slice(mailedBefore)
        .join('\n')
        .split(/\r?\n/)
        .filter((line) => !/[<>=_]|^[\w-]+:/.test(line))
        .flatMap((line) => [...line.matchAll(/(?<!\d)(\d{6})(?!\d)/g)].map((m) => m[1]!));
    }
    expect(candidates.length, 'a 6-digit code in the mail').toBeGreaterThan(0);
    const newPassword = password();
    let verify = await c.post('/api/auth/password/verify-reset', {
      email: a.email,
      otp: candidates[0],
      newPassword,
    });
    for (const otp of [...new Set(candidates)].slice(1, 3)) {
      if (verify.status < 300) break;
      verify = await c.post('/api/auth/password/verify-reset', {
        email: a.email,
        otp,
        newPassword,
      });
    }
    expectOk(verify);
    expect(rec(verify.json).status).toBe('success');
    expect(typeof rec(verify.json).message).toBe('string');
    expectOk(await login(c, a.username, newPassword));
  });

  it('the first admin from ADMIN_USERNAME / ADMIN_PASSWORD logs in with role ADMIN', async () => {
    const admin = await loginAs(server, ADMIN.username, ADMIN.password);
    expect(admin.role).toBe('ADMIN');
    expect(isId(admin.userId)).toBe(true);
  });
  it('section 9 limits: a registration password under 8 characters or not alphanumeric is a 400', async () => {
    const c = await securedClient(server);
    for (const pw of ['abc12', 'abcdefgh!1']) {
      const reply = await c.post('/api/auth/register', {
        username: `short${letters(8)}`,
        password: pw,
        role: 'CLIENT',
      });
      expect(reply.status, `${pw}: ${reply.text}`).toBe(400);
      expect(String(rec(reply.json).message).toLowerCase()).toContain('password');
    }
  });

  it('section 9 limits: a registration phone must have 10-11 digits; a profile phone exactly 10', async () => {
    const c = await securedClient(server);
    const reg = await c.post('/api/auth/register', {
      username: `ph${letters(8)}`,
      password: password(),
      role: 'CLIENT',
      phone: '12345',
    });
    expect(reg.status, reg.text).toBe(400);
    expect(String(rec(reg.json).message).toLowerCase()).toContain('phone');
    const a = await registerClient(server, 'phone');
    const upd = await a.client.put('/api/auth/update/phone', {
      userId: String(a.userId),
      authenticated: true,
      currentPassword: a.password,
      newPhone: '55512345678',
    });
    expect(upd.status, upd.text).toBe(400);
    expect(rec((await a.client.get('/api/auth/me')).json).phone).toBe(a.phone);
  });

  it('when logins are rate limited the 429 carries Retry-After and a sealed error envelope', async () => {
    const strict = await startTestServer(dialect, {}, { listen: true });
    try {
      const c = newClient(strict);
      await c.handshake();
      let limited: Awaited<ReturnType<typeof login>> | undefined;
      for (let i = 0; i < 30 && limited === undefined; i++) {
        const reply = await login(c, 'nosuchuser', 'Wrong12345');
        if (reply.status === 429) limited = reply;
        else expect(reply.status, reply.text).toBe(401);
      }
      if (limited !== undefined) {
        expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
        expectSealed(limited);
        expect(rec(limited.json).status).toBe('error');
      }
    } finally {
      await strict.close();
    }
  });
});
