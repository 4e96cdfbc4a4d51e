import { describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('registration (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });

  const register = (body: object) => call(server.app, 'POST', '/api/auth/register', { body });

  it('always creates a CLIENT, whatever role is sent', async () => {
    const username = uniqueUsername('role');
    const res = await register({ username, password: 'abcd1234', role: 'ADMIN' });
    expect(res.statusCode).toBe(201);
    const row = await server.app.ctx.opened.db
      .selectFrom('users')
      .select(['role', 'password_hash', 'email'])
      .where('id', '=', res.json<{ userId: number }>().userId)
      .executeTakeFirstOrThrow();
    expect(row.role).toBe('CLIENT');
    expect(row.email).toBeNull();
    expect(row.password_hash).toMatch(/^\$argon2id\$/);
  });

  it('refuses a taken username, compared case-insensitively, with the spec text', async () => {
    const taken = await createUser(server.app.ctx.opened.db);
    const res = await register({ username: taken.username.toUpperCase(), password: 'abcd1234' });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      status: 'error',
      error: 'CONFLICT',
      message: 'This username is already taken. Please try a different username.',
    });
  });

  it('refuses a registered email, compared case-insensitively, with the spec text', async () => {
    const taken = await createUser(server.app.ctx.opened.db);
    const res = await register({
      username: uniqueUsername('mail'),
      password: 'abcd1234',
      email: taken.email.toUpperCase(),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json()).toMatchObject({
      message: 'This email is already registered. Please use a different email or try logging in.',
    });
  });

  it('validates with the spec messages', async () => {
    const cases: [object, string][] = [
      [{ password: 'abcd1234' }, 'Username is required'],
      [{ username: 'bob1', password: 'abcd1234' }, 'Username can only contain English letters'],
      [
        { username: 'bob', password: 'abcd1234', email: 'bob@' },
        'The email is not formatted correctly',
      ],
      [
        { username: 'bob', password: 'abcd1234', phone: '12345' },
        'The format of the phone number is incorrect',
      ],
      [
        { username: 'bob', password: 'abcdefgh' },
        'The password must be at least 8 digits long and contain both letters and numbers',
      ],
    ];
    for (const [body, message] of cases) {
      const res = await register(body);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({ status: 'error', error: 'BAD_REQUEST', message });
    }
  });

  it('registers once when two identical registrations race', async () => {
    const username = uniqueUsername('race');
    const replies = await Promise.all([
      register({ username, password: 'abcd1234' }),
      register({ username, password: 'abcd1234' }),
    ]);
    expect(replies.map((r) => r.statusCode).sort()).toEqual([201, 409]);
  });
});
