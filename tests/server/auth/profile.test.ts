import { beforeAll, describe, expect, it } from 'vitest';
import { testDialects, useTestServer } from '../../support/build-app.ts';
import { createSignedInUser, createUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

describe.each(testDialects())('profile updates (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  let user: SignedInUser;
  beforeAll(async () => {
    user = await createSignedInUser(server.app.ctx.opened.db, { phone: '5550001111' });
  });

  const put = (field: string, body: object) =>
    call(server.app, 'PUT', `/api/auth/update/${field}`, {
      as: user,
      body: { userId: String(user.id), ...body },
    });

  async function expectRefused(field: string, body: object, status: number, message: string) {
    const res = await put(field, body);
    expect(res.statusCode, res.body).toBe(status);
    expect(res.json<{ message: string }>().message).toBe(message);
  }

  it('username: letters only, different, not taken', async () => {
    await expectRefused(
      'username',
      { newUsername: 'ab1' },
      400,
      'Username must contain only letters.',
    );
    await expectRefused(
      'username',
      { newUsername: user.username },
      400,
      'The new username must be different from the current one.',
    );
    const other = await createUser(server.app.ctx.opened.db);
    await expectRefused(
      'username',
      { newUsername: other.username.toUpperCase() },
      409,
      'This username is already taken. Please try a different username.',
    );
  });

  it('email: valid, different, current password required and right, not taken', async () => {
    const pw = user.password!;
    await expectRefused(
      'email',
      { newEmail: 'x@', currentPassword: pw },
      400,
      'Please enter a valid email address.',
    );
    await expectRefused(
      'email',
      { newEmail: user.email.toUpperCase(), currentPassword: pw },
      400,
      'The new email must be different from the current one.',
    );
    await expectRefused(
      'email',
      { newEmail: 'new@example.org' },
      400,
      'Current password is required.',
    );
    await expectRefused(
      'email',
      { newEmail: 'new@example.org', currentPassword: 'wrongpass1' },
      400,
      'Current password is incorrect.',
    );
    const other = await createUser(server.app.ctx.opened.db);
    await expectRefused(
      'email',
      { newEmail: other.email, currentPassword: pw },
      409,
      'This email is already registered. Please use a different email or try logging in.',
    );
  });

  it('password: alphanumeric 8+, current password required', async () => {
    await expectRefused(
      'password',
      { newPassword: 'short1', currentPassword: user.password },
      400,
      'Password must be alphanumeric and at least 8 characters long.',
    );
    await expectRefused(
      'password',
      { newPassword: 'longenough1' },
      400,
      'Current password is required.',
    );
  });

  it('phone: exactly 10 digits, different, current password required', async () => {
    await expectRefused(
      'phone',
      { newPhone: '55500011112', currentPassword: user.password },
      400,
      'Phone number must be a 10-digit US number.',
    );
    await expectRefused(
      'phone',
      { newPhone: '5550001111', currentPassword: user.password },
      400,
      'The new phone number must be different from the current one.',
    );
    await expectRefused('phone', { newPhone: '5550002222' }, 400, 'Current password is required.');
  });

  it('changes nothing when refused', async () => {
    const me = await call(server.app, 'GET', '/api/auth/me', { as: user });
    expect(me.json()).toMatchObject({
      username: user.username,
      email: user.email,
      phone: '5550001111',
    });
  });

  it('replays a profile update sent twice with one Idempotency-Key', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      server.app.inject({
        method: 'PUT',
        url: '/api/auth/update/phone',
        headers: { cookie: user.cookie, 'idempotency-key': key },
        payload: { newPhone: '5553334444', currentPassword: user.password },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['idempotent-replayed']).toBe('true');
  });

  it('replays a password change even though the current password has changed since', async () => {
    const key = crypto.randomUUID();
    const send = () =>
      server.app.inject({
        method: 'PUT',
        url: '/api/auth/update/password',
        headers: { cookie: user.cookie, 'idempotency-key': key },
        payload: { currentPassword: user.password, newPassword: 'replayed99' },
      });
    const first = await send();
    const second = await send();
    expect(first.statusCode).toBe(200);
    expect(second.statusCode).toBe(200);
    expect(second.headers['idempotent-replayed']).toBe('true');
    const login = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: user.username,
        password: 'replayed99',
      },
    });
    expect(login.statusCode).toBe(200);
  });
});
