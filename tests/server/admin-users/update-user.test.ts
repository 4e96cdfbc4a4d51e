// PUT /api/admin/user/update/{userId}: the user's fields, uniqueness 409s, and roles — a role
// change ends the user's logins; an admin cannot change their own role, promote anyone to
// admin, or leave the group without an admin.
import { describe, expect, it } from 'vitest';
import { ADMIN_USER_MESSAGES, type UpdateUserReply } from '#shared/contracts/admin-users';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import { EMAIL_TAKEN_MESSAGE, USERNAME_TAKEN_MESSAGE } from '#server/auth/registration.service';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createUser,
  uniqueUsername,
  type TestUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { meStatus, messageOf } from './admin-helpers.ts';
import { english, englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_USER_MESSAGES);

describe.each(testDialects())('PUT /api/admin/user/update (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  const db = () => server.app.ctx.opened.db;
  const update = (
    userId: number | string,
    fields: object,
    caller: { username: string; cookie: string } = admin,
  ) =>
    call(server.app, 'PUT', `/api/admin/user/update/${userId}`, {
      as: caller,
      body: { adminUsername: caller.username, authenticated: true, ...fields },
    });
  const fieldsOf = (user: TestUser, change: object = {}) => ({
    userId: String(user.id),
    username: user.username,
    email: user.email,
    phone: user.phone,
    firstName: 'First',
    lastName: 'Last',
    role: user.role,
    ...change,
  });

  it('updates the fields; without a role change the user stays signed in', async () => {
    const user = await createSignedInUser(db());
    const username = uniqueUsername('Renamed');
    const res = await update(
      user.id,
      fieldsOf(user, { username, email: `${username}@example.org`, phone: '55512345678' }),
    );
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json<UpdateUserReply>()).toEqual({
      status: 'success',
      message: M.updated,
      user: {
        userId: user.id,
        username,
        email: `${username}@example.org`,
        phone: '55512345678',
        role: 'CLIENT',
        firstName: 'First',
        lastName: 'Last',
        volunteerSubRole: null,
      },
    });
    expect(await meStatus(server, user.cookie)).toBe(200);
  });

  it('a role change ends the user’s logins and sets or clears the subrole', async () => {
    const user = await createSignedInUser(db());
    const toVolunteer = await update(user.id, fieldsOf(user, { role: 'VOLUNTEER' }));
    expect(toVolunteer.statusCode, toVolunteer.body).toBe(200);
    expect(toVolunteer.json<UpdateUserReply>().user).toMatchObject({
      role: 'VOLUNTEER',
      volunteerSubRole: 'REGULAR',
    });
    expect(await meStatus(server, user.cookie)).toBe(401);
    const back = await update(user.id, fieldsOf(user, { role: 'CLIENT' }));
    expect(back.json<UpdateUserReply>().user).toMatchObject({
      role: 'CLIENT',
      volunteerSubRole: null,
    });
  });

  it('taken usernames and emails are 409s with the registration texts', async () => {
    const user = await createUser(db());
    const other = await createUser(db());
    const byName = await update(
      user.id,
      fieldsOf(user, { username: other.username.toLowerCase() }),
    );
    expect(byName.statusCode).toBe(409);
    expect(messageOf(byName)).toBe(USERNAME_TAKEN_MESSAGE);
    const byEmail = await update(user.id, fieldsOf(user, { email: other.email }));
    expect(byEmail.statusCode).toBe(409);
    expect(messageOf(byEmail)).toBe(EMAIL_TAKEN_MESSAGE);
    // Keeping one's own name and email (in another case) is no conflict.
    const same = await update(user.id, fieldsOf(user, { username: user.username.toUpperCase() }));
    expect(same.statusCode, same.body).toBe(200);
  });

  it('bad input is a 400; an unknown user a 404', async () => {
    const user = await createUser(db());
    const cases: [object, string][] = [
      [{ username: 'with space' }, english(AUTH_MESSAGES.usernameLetters)],
      [{ email: 'bad@' }, english(AUTH_MESSAGES.registrationEmail)],
      [{ role: 'OWNER' }, M.role],
      [{ role: null }, M.role],
    ];
    for (const [change, message] of cases) {
      const res = await update(user.id, fieldsOf(user, change));
      expect(res.statusCode, JSON.stringify(change)).toBe(400);
      expect(messageOf(res)).toBe(message);
    }
    expect((await update('x1', fieldsOf(user))).statusCode).toBe(400);
    expect((await update(999999, fieldsOf(user))).statusCode).toBe(404);
    expect((await update('99999999999999', fieldsOf(user))).statusCode).toBe(400);
  });

  it('nobody is promoted to admin here; an admin’s details can be edited keeping ADMIN', async () => {
    const user = await createUser(db());
    const promote = await update(user.id, fieldsOf(user, { role: 'ADMIN' }));
    expect(promote.statusCode).toBe(400);
    const other = await createSignedInUser(db(), { role: 'ADMIN' });
    const edit = await update(other.id, fieldsOf(other, { phone: '5559998888' }));
    expect(edit.statusCode, edit.body).toBe(200);
    expect(edit.json<UpdateUserReply>().user).toMatchObject({ role: 'ADMIN', phone: '5559998888' });
    expect(await meStatus(server, other.cookie)).toBe(200);
  });

  it('an admin cannot change their own role (403) but can demote another admin', async () => {
    const self = await update(admin.id, fieldsOf(admin, { role: 'CLIENT' }));
    expect(self.statusCode).toBe(403);
    expect(messageOf(self)).toBe(M.ownRole);
    const other = await createSignedInUser(db(), { role: 'ADMIN' });
    const demote = await update(other.id, fieldsOf(other, { role: 'VOLUNTEER' }));
    expect(demote.statusCode).toBe(200);
    expect(await meStatus(server, other.cookie)).toBe(401);
  });

  it('two admins demoting each other at once leave one admin', async () => {
    const first = await createSignedInUser(db(), { role: 'ADMIN' });
    const second = await createSignedInUser(db(), { role: 'ADMIN' });
    await db()
      .updateTable('users')
      .set({ role: 'CLIENT' })
      .where('role', '=', 'ADMIN')
      .where('id', 'not in', [first.id, second.id])
      .execute();
    const [a, b] = await Promise.all([
      update(second.id, fieldsOf(second, { role: 'CLIENT' }), first),
      update(first.id, fieldsOf(first, { role: 'CLIENT' }), second),
    ]);
    const statuses = [a.statusCode, b.statusCode].sort();
    expect(statuses[0]).toBe(200);
    // The loser is refused as the last admin (409), or is no admin any more (401/403).
    expect([401, 403, 409]).toContain(statuses[1]);
    const admins = await db()
      .selectFrom('users')
      .select('id')
      .where('role', '=', 'ADMIN')
      .execute();
    expect(admins).toHaveLength(1);
  });
});
