import { describe, expect, it } from 'vitest';
import { startTestServer, testDialects, useTestServer } from '../../support/build-app.ts';
import { uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { loginCookieOf } from './auth-helpers.ts';

describe.each(testDialects())('account flow (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  it('registers, signs in by username and email, updates every field and signs out', async () => {
    const username = uniqueUsername('flow');
    const email = `${username}@example.org`;
    const registered = await call(server.app, 'POST', '/api/auth/register', {
      body: {
        username,
        password: 'abcd1234',
        role: 'ADMIN', // ignored: registration always makes a CLIENT
        email,
        phone: '5551234567',
        firstName: 'Flo',
        lastName: '',
      },
    });
    expect(registered.statusCode).toBe(201);
    expect(registered.json()).toMatchObject({ status: 'success', username });
    const userId = registered.json<{ userId: number }>().userId;

    const byName = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: username.toUpperCase(),
        password: 'abcd1234',
      },
    });
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({
      status: 'success',
      authenticated: true,
      message: expect.any(String) as string,
      username,
      userId,
      role: 'CLIENT',
      email,
      phone: '5551234567',
      emailVerified: false, // registration mailed a code; nobody has entered it yet
      language: null, // never chosen: the device's choice decides, and mail speaks English
    });
    const setCookie = String(byName.headers['set-cookie']);
    expect(setCookie).toMatch(/HttpOnly/i);
    expect(setCookie).toMatch(/SameSite=Strict/i);
    expect(setCookie).toMatch(/Path=\//);
    expect(setCookie).not.toMatch(/Secure/);

    const byEmail = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: email,
        password: 'abcd1234',
      },
    });
    expect(byEmail.statusCode).toBe(200);
    const cookie = loginCookieOf(byEmail);

    const me = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(me.statusCode).toBe(200);
    expect(me.json()).toMatchObject({ authenticated: true, userId, username, role: 'CLIENT' });

    const id = String(userId);
    const newName = uniqueUsername('renamed');
    const renamed = await call(server.app, 'PUT', '/api/auth/update/username', {
      body: { userId: id, authenticated: true, newUsername: newName },
      headers: { cookie },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ status: 'success', username: newName, userId });

    const newEmail = `${newName}@example.net`;
    const emailed = await call(server.app, 'PUT', '/api/auth/update/email', {
      body: { userId: id, authenticated: true, currentPassword: 'abcd1234', newEmail },
      headers: { cookie },
    });
    expect(emailed.statusCode).toBe(200);
    expect(emailed.json()).toMatchObject({ status: 'success', email: newEmail });

    const phoned = await call(server.app, 'PUT', '/api/auth/update/phone', {
      body: {
        userId: id,
        authenticated: true,
        currentPassword: 'abcd1234',
        newPhone: '5559876543',
      },
      headers: { cookie },
    });
    expect(phoned.statusCode).toBe(200);
    expect(phoned.json()).toMatchObject({ status: 'success', phone: '5559876543' });

    const repassed = await call(server.app, 'PUT', '/api/auth/update/password', {
      body: {
        userId: id,
        authenticated: true,
        currentPassword: 'abcd1234',
        newPassword: 'newpass99',
      },
      headers: { cookie },
    });
    expect(repassed.statusCode).toBe(200);

    const meAfter = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(meAfter.json()).toMatchObject({
      username: newName,
      email: newEmail,
      phone: '5559876543',
    });
    const oldPassword = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: newName,
        password: 'abcd1234',
      },
    });
    expect(oldPassword.statusCode).toBe(401);
    const newPassword = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: newEmail,
        password: 'newpass99',
      },
    });
    expect(newPassword.statusCode).toBe(200);

    const out = await call(server.app, 'POST', '/api/auth/logout', {
      body: {},
      headers: { cookie },
    });
    expect(out.statusCode).toBe(200);
    expect(out.json()).toMatchObject({ status: 'success' });
    expect(String(out.headers['set-cookie'])).toMatch(/sm_login=;/);
    const meGone = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(meGone.statusCode).toBe(401);
    expect(meGone.json()).toMatchObject({ status: 'error', error: 'UNAUTHORIZED' });
  });

  it('keeps the caller signed in on a password change and ends their other sessions', async () => {
    const username = uniqueUsername('multi');
    await call(server.app, 'POST', '/api/auth/register', {
      body: { username, password: 'abcd1234' },
    });
    const phone = loginCookieOf(
      await call(server.app, 'POST', '/api/auth/login', {
        body: { username, password: 'abcd1234' },
      }),
    );
    const laptop = loginCookieOf(
      await call(server.app, 'POST', '/api/auth/login', {
        body: { username, password: 'abcd1234' },
      }),
    );
    const changed = await call(server.app, 'PUT', '/api/auth/update/password', {
      body: { currentPassword: 'abcd1234', newPassword: 'fresh1234' },
      headers: { cookie: laptop },
    });
    expect(changed.statusCode).toBe(200);
    expect(
      (await call(server.app, 'GET', '/api/auth/me', { headers: { cookie: laptop } })).statusCode,
    ).toBe(200);
    expect(
      (await call(server.app, 'GET', '/api/auth/me', { headers: { cookie: phone } })).statusCode,
    ).toBe(401);
  });

  it('answers logout without a session with success and a cleared cookie', async () => {
    const res = await call(server.app, 'POST', '/api/auth/logout', { body: {} });
    expect(res.statusCode).toBe(200);
    expect(String(res.headers['set-cookie'])).toMatch(/sm_login=;/);
  });

  it('adds Secure to the cookie when configured', async () => {
    const secure = await startTestServer(dialect, { secureCookies: true });
    try {
      const username = uniqueUsername('secure');
      await call(secure.app, 'POST', '/api/auth/register', {
        body: { username, password: 'abcd1234' },
      });
      const res = await call(secure.app, 'POST', '/api/auth/login', {
        body: {
          username,
          password: 'abcd1234',
        },
      });
      expect(String(res.headers['set-cookie'])).toMatch(/; Secure/);
    } finally {
      await secure.close();
    }
  });
});
