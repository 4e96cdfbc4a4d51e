// Issue 14 item 2: sign-in throttling that never locks the owner out (beyond-spec.md section 1
// "Sign-in throttling never locks the owner out"). Limits at their real size (scale 1):
// unknown browsers get 5 failures per (account, address), 20 per address and 50 per account
// over all addresses in 15 minutes; a browser with a device cookie for the account gets 5 of
// its own and is touched by nothing else. Addresses are set per request (inject's
// remoteAddress), each test on addresses of its own.
import { randomBytes } from 'node:crypto';
import Fastify, { type LightMyRequestResponse } from 'fastify';
import fastifyCookie from '@fastify/cookie';
import { describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { createDeviceCookies, DEVICE_COOKIE } from '#server/auth/device-cookie';
import { testDialects, useTestServer, type TestServer } from '../../support/build-app.ts';
import { createUser, type TestUser } from '../../support/factories.ts';
import { codeIn, loginFrom, waitForMail } from './auth-helpers.ts';

const THROTTLED = {
  status: 'error',
  authenticated: false,
  message: 'Too many failed sign-in attempts. Try again later.',
  error: 'RATE_LIMITED',
};

type App = TestServer['app'];

/** The device cookie's value from a successful sign-in's reply. */
function deviceOf(res: LightMyRequestResponse): string {
  expect(res.statusCode).toBe(200);
  const cookie = res.cookies.find((c) => c.name === DEVICE_COOKIE);
  if (cookie === undefined) throw new Error('no device cookie');
  return cookie.value;
}

/** `count` wrong passwords for the name from the address; returns the statuses. */
async function failures(app: App, from: string, username: string, count: number) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    statuses.push((await loginFrom(app, from, username, `wrongpass${i}`)).statusCode);
  }
  return statuses;
}

/** Replaces one character of the text at `at` (from the end when negative). */
function tamper(text: string, at: number): string {
  const i = at < 0 ? text.length + at : at;
  const swapped = text[i] === 'A' ? 'B' : 'A';
  return text.slice(0, i) + swapped + text.slice(i + 1);
}

describe.each(testDialects())('sign-in throttling with device cookies (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1 });
  const db = () => server.app.ctx.opened.db;
  const signIn = (from: string, user: TestUser, device?: string) =>
    loginFrom(server.app, from, user.username, user.password!, device);

  it('20 failed sign-ins from one address do not refuse the admin from another address', async () => {
    const admin = await createUser(db(), { role: 'ADMIN' });
    const statuses = await failures(server.app, '10.1.0.66', admin.username, 20);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    const res = await signIn('10.1.0.7', admin);
    expect(res.statusCode).toBe(200);
    expect(res.cookies.find((c) => c.name === DEVICE_COOKIE)).toBeDefined();
  });

  it('an address that failed 20 times over many names is refused; others are not', async () => {
    const owner = await createUser(db());
    for (let i = 0; i < 20; i++) {
      expect(
        (await loginFrom(server.app, '10.2.0.66', `ghost${i}x`, 'wrongpass1')).statusCode,
      ).toBe(401);
    }
    // (Its 21st request in a minute also meets the login route's request limit, 20/min.)
    const refused = await signIn('10.2.0.66', owner);
    expect(refused.statusCode).toBe(429);
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await signIn('10.2.0.7', owner)).statusCode).toBe(200);
  });

  it('5+ wrong passwords from an attacker lock neither the owner\u2019s browser nor the owner elsewhere', async () => {
    const owner = await createUser(db(), { role: 'ADMIN' });
    const device = deviceOf(await signIn('10.3.0.1', owner));
    const statuses = await failures(server.app, '10.3.0.66', owner.username, 12);
    expect(statuses.slice(0, 5)).toEqual([401, 401, 401, 401, 401]);
    expect(new Set(statuses.slice(5))).toEqual(new Set([429]));
    // The email names the same account: typing it instead gains the attacker nothing.
    expect((await loginFrom(server.app, '10.3.0.66', owner.email, 'wrongpass1')).statusCode).toBe(
      429,
    );
    // What an unknown browser gets: at the attacker's address, 429 for this account even with
    // the right password (until the window ends); from any other address it signs in.
    const unknownThere = await signIn('10.3.0.66', owner);
    expect(unknownThere.statusCode).toBe(429);
    expect(unknownThere.json()).toEqual(THROTTLED);
    expect((await signIn('10.3.0.2', owner)).statusCode).toBe(200);
    // The owner's browser signs in from home, and even from the attacker's own address.
    expect((await signIn('10.3.0.1', owner, device)).statusCode).toBe(200);
    expect((await signIn('10.3.0.66', owner, device)).statusCode).toBe(200);
  });

  it('failures spread over many addresses lock unknown browsers for the account, never the device', async () => {
    const owner = await createUser(db());
    const device = deviceOf(await signIn('10.4.0.1', owner));
    for (let a = 0; a < 10; a++) {
      expect(await failures(server.app, `10.4.1.${a}`, owner.username, 5)).toEqual([
        401, 401, 401, 401, 401,
      ]);
    }
    // 50 failures for the account: the untrusted-clients lockout.
    const unknown = await signIn('10.4.0.2', owner);
    expect(unknown.statusCode).toBe(429);
    expect(unknown.json()).toEqual(THROTTLED);
    expect((await signIn('10.4.0.2', owner, device)).statusCode).toBe(200);
    // Another account is not touched.
    const other = await createUser(db());
    expect((await signIn('10.4.0.2', other)).statusCode).toBe(200);
  });

  it('a device\u2019s own failures lock only that device cookie, for a while', async () => {
    const owner = await createUser(db());
    const device = deviceOf(await signIn('10.5.0.1', owner));
    for (let i = 0; i < 5; i++) {
      const res = await loginFrom(server.app, '10.5.0.1', owner.username, `wrongpass${i}`, device);
      expect(res.statusCode).toBe(401);
    }
    const locked = await signIn('10.5.0.1', owner, device);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toEqual(THROTTLED);
    expect(Number(locked.headers['retry-after'])).toBeGreaterThan(800);
    // A browser without the cookie, same address: its failures were the device's, not its own.
    expect((await signIn('10.5.0.1', owner)).statusCode).toBe(200);
  });

  it('a forged or tampered device cookie counts as none', async () => {
    const owner = await createUser(db());
    const device = deviceOf(await signIn('10.6.0.1', owner));
    const [userId = '', issuedAt = '', nonce = '', signature = ''] = device.split('.');
    expect(Number(userId)).toBe(owner.id);
    // Lock unknown browsers of this account at the owner's address.
    await failures(server.app, '10.6.0.1', owner.username, 5);
    expect((await signIn('10.6.0.1', owner)).statusCode).toBe(429);
    const forged = [
      tamper(device, -1), // signature
      [userId, issuedAt, tamper(nonce, 0), signature].join('.'), // nonce
      [userId, String(Number(issuedAt) - 1), nonce, signature].join('.'), // issue time
      [userId, issuedAt, nonce, 'A'.repeat(43)].join('.'),
      'garbage',
    ];
    for (const value of forged) {
      const res = await signIn('10.6.0.1', owner, value);
      expect(res.statusCode, value).toBe(429);
    }
    expect((await signIn('10.6.0.1', owner, device)).statusCode).toBe(200);
  });

  it('a device cookie for account A does not help for account B', async () => {
    const a = await createUser(db());
    const b = await createUser(db());
    const deviceA = deviceOf(await signIn('10.7.0.1', a));
    await failures(server.app, '10.7.0.1', b.username, 5);
    expect((await signIn('10.7.0.1', b, deviceA)).statusCode).toBe(429);
    // A's entry with B's id (the signature is A's) is no device cookie for B either.
    const renamed = [String(b.id), ...deviceA.split('.').slice(1)].join('.');
    expect((await signIn('10.7.0.1', b, renamed)).statusCode).toBe(429);
    expect((await signIn('10.7.0.1', a, deviceA)).statusCode).toBe(200);
  });

  it('one browser remembers each account that signed in on it', async () => {
    const a = await createUser(db());
    const b = await createUser(db());
    const deviceA = deviceOf(await signIn('10.8.0.1', a));
    const both = deviceOf(await signIn('10.8.0.1', b, deviceA));
    for (const user of [a, b]) await failures(server.app, '10.8.0.1', user.username, 5);
    expect((await signIn('10.8.0.1', a, both)).statusCode).toBe(200);
    expect((await signIn('10.8.0.1', b, both)).statusCode).toBe(200);
  });

  it('a password reset with the mailed code makes the browser known to the account', async () => {
    const owner = await createUser(db());
    await failures(server.app, '10.13.0.1', owner.username, 5);
    expect((await signIn('10.13.0.1', owner)).statusCode).toBe(429);
    const post = (url: string, payload: object) =>
      server.app.inject({ method: 'POST', url, remoteAddress: '10.13.0.1', payload });
    expect(
      (await post('/api/auth/password/request-reset', { email: owner.email })).statusCode,
    ).toBe(200);
    const code = codeIn(await waitForMail(server, owner.email));
    const newPassword = 'Freshstart2026';
    const reset = await post('/api/auth/password/verify-reset', {
      email: owner.email,
      otp: code,
      newPassword,
    });
    const device = deviceOf(reset);
    const renewed = { ...owner, password: newPassword };
    expect((await signIn('10.13.0.1', renewed)).statusCode).toBe(429);
    expect((await signIn('10.13.0.1', renewed, device)).statusCode).toBe(200);
  });

  it('sets the device cookie HttpOnly, SameSite=Strict, long-lived, for /api/auth', async () => {
    const user = await createUser(db());
    const res = await signIn('10.9.0.1', user);
    const header = [res.headers['set-cookie'] ?? []]
      .flat()
      .find((c) => c.startsWith(`${DEVICE_COOKIE}=`));
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Strict/i);
    expect(header).toMatch(/; Path=\/api\/auth/i);
    expect(header).not.toMatch(/; Secure/i);
    const maxAge = Number(/Max-Age=(\d+)/i.exec(header ?? '')?.[1]);
    expect(maxAge).toBeGreaterThanOrEqual(365 * 24 * 3600);
  });

  it('parallel wrong passwords get no more tries than the limit', async () => {
    const owner = await createUser(db());
    const statuses = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        loginFrom(server.app, '10.10.0.66', owner.username, `wrongpass${i}`).then(
          (r) => r.statusCode,
        ),
      ),
    );
    expect(statuses.filter((s) => s === 401)).toHaveLength(5);
    expect(statuses.filter((s) => s === 429)).toHaveLength(7);
  });

  it('another process on the same database honours the device cookie (the key is stored)', async () => {
    const owner = await createUser(db());
    const device = deviceOf(await signIn('10.11.0.1', owner));
    const second = await buildApp(server.config);
    try {
      await failures(second, '10.11.0.1', owner.username, 5);
      expect(
        (await loginFrom(second, '10.11.0.1', owner.username, owner.password!)).statusCode,
      ).toBe(429);
      const res = await loginFrom(second, '10.11.0.1', owner.username, owner.password!, device);
      expect(res.statusCode).toBe(200);
    } finally {
      // The second app shares the first's database: close its pool without dropping anything.
      await second.close();
    }
  });

  it('wrong current passwords on a profile change lock that browser, not the owner\u2019s device', async () => {
    const owner = await createUser(db());
    const device = deviceOf(await signIn('10.12.0.1', owner));
    // A thief with the owner's session on another browser (no device cookie) at another address.
    const session = (await signIn('10.12.0.66', owner)).cookies.find((c) => c.name === 'sm_login');
    const change = (password: string) =>
      server.app.inject({
        method: 'PUT',
        url: '/api/auth/update/phone',
        remoteAddress: '10.12.0.66',
        headers: { cookie: `sm_login=${session?.value ?? ''}` },
        payload: { newPhone: '5551112222', currentPassword: password },
      });
    for (let i = 0; i < 5; i++) expect((await change(`wrongpass${i}`)).statusCode).toBe(400);
    const blocked = await change(owner.password!);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toEqual(THROTTLED);
    expect((await signIn('10.12.0.66', owner)).statusCode).toBe(429);
    expect((await signIn('10.12.0.1', owner, device)).statusCode).toBe(200);
  });
});

describe('the device cookie behind https', () => {
  it('is Secure when SECURE_COOKIES is set', async () => {
    const app = Fastify();
    await app.register(fastifyCookie);
    const devices = createDeviceCookies(randomBytes(32), { secureCookies: true });
    app.post('/api/auth/login', (request, reply) => {
      devices.issue(request, reply, 7, Date.now());
      return { ok: true };
    });
    const res = await app.inject({ method: 'POST', url: '/api/auth/login' });
    await app.close();
    const header = [res.headers['set-cookie'] ?? []].flat()[0] ?? '';
    expect(header).toMatch(new RegExp(`^${DEVICE_COOKIE}=7\\.`));
    expect(header).toMatch(/; Secure/i);
    expect(header).toMatch(/; HttpOnly/i);
    expect(header).toMatch(/; SameSite=Strict/i);
  });
});
