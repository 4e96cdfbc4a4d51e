// POST /api/admin/user/create: a CLIENT or VOLUNTEER with a generated password that signs in;
// the registration texts for taken names; an idempotent replay returns the first reply without
// making a second user — but not the generated password, which the server never keeps.
import { randomUUID } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type CreateUserReply } from '#shared/contracts/admin-users';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '#server/auth/registration.service';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createUser, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { login } from '../auth/auth-helpers.ts';
import { messageOf } from './admin-helpers.ts';
import { english, englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_USER_MESSAGES);

describe.each(testDialects())('POST /api/admin/user/create (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const create = (fields: object, headers: Record<string, string> = {}) =>
    call(server.app, 'POST', '/api/admin/user/create', {
      as: admin,
      body: { adminUsername: admin.username, authenticated: true, ...fields },
      headers,
    });

  async function userRow(username: string) {
    return server.app.ctx.opened.db
      .selectFrom('users')
      .selectAll()
      .where('username_key', '=', username.toLowerCase())
      .execute();
  }

  it('creates a user whose generated password signs in', async () => {
    const username = uniqueUsername('Made');
    const res = await create({
      username,
      email: `${username}@example.org`,
      phone: '5551234567',
      role: 'CLIENT',
      firstName: 'Ann',
      lastName: 'Lee',
    });
    expect(res.statusCode, res.body).toBe(201);
    const body = res.json<CreateUserReply>();
    expect(body).toMatchObject({ status: 'success', message: M.created, username });
    expect(body.generatedPassword).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/);
    const [row] = await userRow(username);
    expect(row).toMatchObject({ id: body.userId, role: 'CLIENT', first_name: 'Ann' });
    expect(row?.password_hash).toMatch(/^\$argon2id\$/);
    const cookie = await login(server, username, body.generatedPassword);
    const me = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
    expect(me.json()).toMatchObject({ userId: body.userId, role: 'CLIENT' });
  });

  it('a VOLUNTEER gets the REGULAR subrole; empty optional fields are stored as none', async () => {
    const username = uniqueUsername('Vol');
    const res = await create({ username, email: ' ', phone: '', role: 'volunteer' });
    expect(res.statusCode, res.body).toBe(201);
    const [row] = await userRow(username);
    expect(row).toMatchObject({
      role: 'VOLUNTEER',
      volunteer_subrole: 'REGULAR',
      email: null,
      phone: null,
    });
  });

  it('refuses ADMIN and unknown roles, and the registration rules, with 400', async () => {
    const username = uniqueUsername('Bad');
    const cases: [object, string | undefined][] = [
      [{ username, role: 'ADMIN' }, M.role],
      [{ username, role: 'BOSS' }, M.role],
      [{ username }, M.role],
      [{ role: 'CLIENT' }, english(AUTH_MESSAGES.usernameRequired)],
      [{ username: 'has1digit', role: 'CLIENT' }, english(AUTH_MESSAGES.usernameLetters)],
      [{ username, email: 'nope', role: 'CLIENT' }, english(AUTH_MESSAGES.registrationEmail)],
      [{ username, phone: '12ab', role: 'CLIENT' }, english(AUTH_MESSAGES.registrationPhone)],
      [{ username: ['x'], role: 'CLIENT' }, undefined],
      [{ username: 'a'.repeat(51), role: 'CLIENT' }, undefined],
      [
        { username, firstName: 'a\u0000b', role: 'CLIENT' },
        'firstName: must not contain NUL characters',
      ],
    ];
    for (const [fields, message] of cases) {
      const res = await create(fields);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      if (message !== undefined) expect(messageOf(res)).toBe(message);
    }
    expect(await userRow(username)).toEqual([]);
  });

  it('a taken username (any case) or email is a 409 with the registration texts', async () => {
    const existing = await createUser(server.app.ctx.opened.db);
    const byName = await create({ username: existing.username.toUpperCase(), role: 'CLIENT' });
    expect(byName.statusCode).toBe(409);
    expect(messageOf(byName)).toBe(USERNAME_TAKEN_MESSAGE);
    const byEmail = await create({
      username: uniqueUsername('Other'),
      email: existing.email.toUpperCase(),
      role: 'CLIENT',
    });
    expect(byEmail.statusCode).toBe(409);
    expect(messageOf(byEmail)).toBe(EMAIL_TAKEN_MESSAGE);
  });

  it('a replay with the same Idempotency-Key makes one user and keeps no password', async () => {
    const username = uniqueUsername('Once');
    const key = randomUUID();
    const fields = { username, role: 'CLIENT' };
    const first = await create(fields, { 'idempotency-key': key });
    const again = await create(fields, { 'idempotency-key': key });
    expect(first.statusCode).toBe(201);
    expect(again.statusCode).toBe(201);
    const created = first.json<CreateUserReply>();
    expect(created.generatedPassword).not.toBe('');
    expect(again.json()).toEqual({
      ...created,
      message: M.createdPasswordNotKept,
      generatedPassword: '',
    });
    expect(again.headers['idempotent-replayed']).toBe('true');
    expect(await userRow(username)).toHaveLength(1);
    // Nowhere in the stored replies: the password went out once, in the first reply.
    const stored = await server.app.ctx.opened.db
      .selectFrom('idempotency_keys')
      .select('reply_json')
      .execute();
    expect(stored.some((row) => row.reply_json.includes(created.generatedPassword))).toBe(false);
    const reused = await create({ ...fields, role: 'VOLUNTEER' }, { 'idempotency-key': key });
    expect(reused.statusCode).toBe(422);
  });
});
