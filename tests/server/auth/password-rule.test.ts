// beyond-spec.md section 1 "Passwords": a password set by a profile change, a reset or an
// admin reset keeps the spec's rule and messages, and also needs a letter and a digit and must
// not be a common password. Registration keeps the spec's own rule.
import { describe, expect, it } from 'vitest';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import {
  createSignedInUser,
  createUser,
  type SignedInUser,
  type TestUser,
} from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { codeIn, waitForMail } from './auth-helpers.ts';

const TOO_COMMON = 'This password is too common. Choose another.';
/** The spec's text for "letters and digits, at least one of each" (registration's). */
const LETTER_AND_DIGIT =
  'The password must be at least 8 digits long and contain both letters and numbers';

const REFUSED: [password: string, message: string][] = [
  ['12345678', LETTER_AND_DIGIT],
  ['abcdefgh', LETTER_AND_DIGIT],
  ['password1', TOO_COMMON],
  ['qwerty123', TOO_COMMON],
  // The list is lower case; the check is not fooled by a capital.
  ['Password1', TOO_COMMON],
];

describe.each(testDialects())('the password rule (%s)', (dialect) => {
  const server = useTestServer(dialect, { rateLimitScale: 1000 });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const db = () => server.app.ctx.opened.db;

  const loginStatus = async (username: string, password: string) =>
    (await call(server.app, 'POST', '/api/auth/login', { body: { username, password } }))
      .statusCode;

  async function expectUnchanged(user: TestUser) {
    expect(await loginStatus(user.username, user.password!)).toBe(200);
  }

  describe('profile change (PUT /api/auth/update/password)', () => {
    const change = (user: SignedInUser, newPassword: string) =>
      call(server.app, 'PUT', '/api/auth/update/password', {
        as: user,
        body: { userId: String(user.id), currentPassword: user.password, newPassword },
      });

    it.each(REFUSED)('refuses %s with its message', async (password, message) => {
      const user = await createSignedInUser(db());
      const res = await change(user, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message });
      await expectUnchanged(user);
    });

    it('takes a password that is neither', async () => {
      const user = await createSignedInUser(db());
      const res = await change(user, 'Lantern42river');
      expect(res.statusCode, res.body).toBe(200);
      expect(await loginStatus(user.username, 'Lantern42river')).toBe(200);
    });
  });

  describe('reset (POST /api/auth/password/verify-reset)', () => {
    async function codeFor(user: TestUser, mailNumber = 1) {
      await call(server.app, 'POST', '/api/auth/password/request-reset', {
        body: { email: user.email },
      });
      return codeIn(await waitForMail(server, user.email, mailNumber));
    }
    const verify = (user: TestUser, otp: string, newPassword: string) =>
      call(server.app, 'POST', '/api/auth/password/verify-reset', {
        body: {
          email: user.email,
          otp,
          newPassword,
        },
      });

    it('refuses each with its message, leaves the password, and keeps the code usable', async () => {
      const user = await createUser(db());
      const code = await codeFor(user);
      for (const [password, message] of REFUSED) {
        const res = await verify(user, code, password);
        expect(res.statusCode, password).toBe(400);
        expect(res.json(), password).toMatchObject({ status: 'error', message });
      }
      await expectUnchanged(user);
      // Five refusals, and the code still works: a refused password did not use up its tries.
      const done = await verify(user, code, 'Lantern42river');
      expect(done.statusCode, done.body).toBe(200);
      expect(await loginStatus(user.username, 'Lantern42river')).toBe(200);
    });
  });

  describe('admin reset (PUT /api/admin/user/reset-password/{userId})', () => {
    const reset = (userId: number, newPassword: string) =>
      call(server.app, 'PUT', `/api/admin/user/reset-password/${String(userId)}`, {
        as: admin,
        body: { adminUsername: admin.username, authenticated: true, newPassword },
      });

    it.each(REFUSED)('refuses %s with its message', async (password, message) => {
      const user = await createUser(db());
      const res = await reset(user.id, password);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ status: 'error', message });
      await expectUnchanged(user);
    });

    it('takes a password that is neither', async () => {
      const user = await createUser(db());
      const res = await reset(user.id, 'Lantern42river');
      expect(res.statusCode, res.body).toBe(200);
      expect(await loginStatus(user.username, 'Lantern42river')).toBe(200);
    });
  });

  it('leaves registration to the spec: a common password that fits its rule is taken', async () => {
    const res = await call(server.app, 'POST', '/api/auth/register', {
      body: {
        username: 'Commonpassword',
        password: 'password1',
        role: 'CLIENT',
      },
    });
    expect(res.statusCode, res.body).toBe(201);
  });

  it("Add New User's generated password passes the rule and signs in", async () => {
    const created = await call(server.app, 'POST', '/api/admin/user/create', {
      as: admin,
      body: {
        adminUsername: admin.username,
        authenticated: true,
        username: 'Generated',
        email: 'generated@example.org',
        phone: '5550001234',
        role: 'CLIENT',
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    const generated = created.json<{ generatedPassword: string }>().generatedPassword;
    expect(generated).toMatch(/^(?=.*[A-Za-z])(?=.*\d)[A-Za-z\d]{8,}$/);
    const login = await call(server.app, 'POST', '/api/auth/login', {
      body: {
        username: 'Generated',
        password: generated,
      },
    });
    expect(login.statusCode).toBe(200);
  });
});
