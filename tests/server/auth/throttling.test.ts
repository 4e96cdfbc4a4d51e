// Rate limits at their real size (rateLimitScale 1), on a server of their own.
import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser, createSignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('sign-in throttling and rate limits (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1 });

  const login = (username: string, password: string) =>
    call(server.app, 'POST', '/api/auth/login', { body: { username, password } });

  it('refuses an account from an address after 5 failures there, even with the right password', async () => {
    const user = await createUser(server.app.ctx.opened.db);
    for (let i = 0; i < 5; i++) {
      const res = await login(user.username, 'wrongpass1');
      expect(res.statusCode).toBe(401);
      expect(res.json()).toEqual({
        status: 'error',
        authenticated: false,
        message: 'Invalid username or password',
        error: 'UNAUTHORIZED',
      });
    }
    const blocked = await login(user.username, user.password!);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ status: 'error', error: 'RATE_LIMITED' });
    expect(Number(blocked.headers['retry-after'])).toBeGreaterThan(0);
    // Another account from the same address is not blocked by this one's failures, and this
    // one from another address is not either (device-cookies.test.ts has the rest).
    const other = await createUser(server.app.ctx.opened.db);
    expect((await login(other.email, other.password!)).statusCode).toBe(200);
    const elsewhere = await server.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      remoteAddress: '10.20.0.1',
      payload: { username: user.username, password: user.password },
    });
    expect(elsewhere.statusCode).toBe(200);
  });

  it('throttles an unknown name the same way', async () => {
    for (let i = 0; i < 5; i++)
      expect((await login('ghostuser', 'wrongpass1')).statusCode).toBe(401);
    expect((await login('ghostuser', 'wrongpass1')).statusCode).toBe(429);
  });

  it('counts wrong current passwords on profile changes as sign-in failures', async () => {
    const user = await createSignedInUser(server.app.ctx.opened.db);
    for (let i = 0; i < 5; i++) {
      const res = await call(server.app, 'PUT', '/api/auth/update/phone', {
        as: user,
        body: { newPhone: '5551112222', currentPassword: `wrongpass${i}` },
      });
      expect(res.statusCode).toBe(400);
    }
    const blocked = await call(server.app, 'PUT', '/api/auth/update/phone', {
      as: user,
      body: { newPhone: '5551112222', currentPassword: user.password },
    });
    expect(blocked.statusCode).toBe(429);
    expect((await login(user.username, user.password!)).statusCode).toBe(429);
  });

  it('limits reset requests per address with 429 and Retry-After', async () => {
    const statuses: number[] = [];
    let retryAfter: string | string[] | number | undefined;
    for (let i = 0; i < 11; i++) {
      const res = await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: {
          email: `someone${i}@example.org`,
        },
      });
      statuses.push(res.statusCode);
      retryAfter = res.headers['retry-after'];
    }
    expect(statuses.slice(0, 10).every((s) => s === 200)).toBe(true);
    expect(statuses[10]).toBe(429);
    expect(Number(retryAfter)).toBeGreaterThan(0);
  });
});
