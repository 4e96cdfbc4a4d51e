// Issue 20 item 8: sign-up's step 1 asks whether a username is free. Public, per-address rate
// limited, the answer is available true/false and nothing more; registration stays the judge.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import { USERNAME_CHECK_RATE_LIMIT } from '#server/auth/register.routes';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { english } from '../../support/english.ts';

const PATH = '/api/auth/username-available';
const lettersOnly = (name: string) => name.replace(/[^a-z]/gi, '');

describe.each(testDialects())('username availability (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const check = (username: string) =>
    call(server.app, 'GET', `${PATH}?${new URLSearchParams({ username }).toString()}`);

  it('says true for a free username and false for a taken one (any case), nothing else', async () => {
    const taken = await createUser(server.app.ctx.opened.db, {
      username: lettersOnly(uniqueUsername('taken')),
    });
    const free = await check(lettersOnly(uniqueUsername('free')));
    expect(free.statusCode).toBe(200);
    expect(free.json()).toEqual({ status: 'success', message: 'Available', available: true });
    expect(free.headers['cache-control']).toBe('no-store');
    const res = await check(taken.username.toUpperCase());
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ status: 'success', message: 'Taken', available: false });
  });

  it('agrees with registration: a name it says is free registers, then it says taken', async () => {
    const username = lettersOnly(uniqueUsername('race'));
    expect((await check(username)).json()).toMatchObject({ available: true });
    const body = { username, password: 'abcd1234' };
    expect((await call(server.app, 'POST', '/api/auth/register', { body })).statusCode).toBe(201);
    expect((await check(username)).json()).toMatchObject({ available: false });
    // The later sign-up with the name is still refused by registration itself.
    const again = await call(server.app, 'POST', '/api/auth/register', { body });
    expect(again.statusCode).toBe(409);
  });

  it("refuses what registration's rule refuses with its text, never a 500", async () => {
    for (const [query, message] of [
      ['', english(AUTH_MESSAGES.usernameRequired)],
      ['bob1', english(AUTH_MESSAGES.usernameLetters)],
      ["o'neil", english(AUTH_MESSAGES.usernameLetters)],
    ] as const) {
      const res = await check(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message });
    }
    const missing = await call(server.app, 'GET', PATH);
    expect(missing.statusCode).toBe(400);
    const long = await check('a'.repeat(51));
    expect(long.statusCode).toBe(400);
  });
});

describe.each(testDialects())('username availability rate limit (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1 });

  it(`answers ${USERNAME_CHECK_RATE_LIMIT} checks a minute per address, then 429`, async () => {
    const ask = () => call(server.app, 'GET', `${PATH}?username=somebody`);
    for (let i = 0; i < USERNAME_CHECK_RATE_LIMIT; i++) expect((await ask()).statusCode).toBe(200);
    const over = await ask();
    expect(over.statusCode).toBe(429);
    expect(over.headers['retry-after']).toBeDefined();
  });
});
