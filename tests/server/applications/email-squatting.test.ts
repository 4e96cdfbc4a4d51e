// Issue 14 item 1, "Volunteer by squatting an email": someone registers a CLIENT with another
// person's email (nothing checks it), that person applies to volunteer, the admin approves.
// The squatter must not become a volunteer nor see a client's address; the real owner, who
// reads the mail, uses its code on the password recovery step and gets the account as a
// volunteer: password set, email proven, every other sign-in (the squatter's) ended.
// Also item 6: the mail says which page and buttons to use, and its link carries the email,
// never the code. Everything goes through the real API; codes come from the real mail files.
import { describe, expect, it } from 'vitest';
import { ADMIN_APPLICATION_MESSAGES } from '#shared/contracts/admin-applications';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { createOrderOnRound, uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';
import { login } from '../auth/auth-helpers.ts';
import { linksIn, mailedCode, nthMailTo } from '../auth/code-mail-helpers.ts';

import { meStatus } from '../admin-users/admin-helpers.ts';
import { applyAndApprove } from './application-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_APPLICATION_MESSAGES);

const SQUATTER_PASSWORD = 'Squat7ter9pass';
const OWNER_PASSWORD = 'Own3rsRealPw8';

describe.each(testDialects())('email squatting cannot make a volunteer (%s)', (dialect) => {
  const server = useTestServer(dialect, {
    rateLimitScale: 1000,
    publicUrl: 'https://supply.example',
  });
  const admin = useSignedInUser(server, { role: 'ADMIN' });
  const db = () => server.app.ctx.opened.db;

  async function registerSquatter(victimEmail: string) {
    const username = uniqueUsername('squat');
    const res = await call(server.app, 'POST', '/api/auth/register', {
      body: { username, password: SQUATTER_PASSWORD, email: victimEmail, phone: '5550101010' },
    });
    expect(res.statusCode, res.body).toBe(201);
    // Mail goes out in the background: wait for each before the next, so they count in order.
    await nthMailTo(server, victimEmail, 1);
    return { username, cookie: await login(server, username, SQUATTER_PASSWORD) };
  }

  /** The real owner of the email, applying to volunteer. */
  const vera = (email: string) => ({
    firstName: 'Vera',
    lastName: 'Owner',
    email,
    phone: '555-222-3333',
  });

  const roleOf = async (username: string) =>
    await db()
      .selectFrom('users')
      .select(['role', 'volunteer_subrole', 'email_verified'])
      .where('username_key', '=', username.toLowerCase())
      .executeTakeFirstOrThrow();

  it('the squatter is not promoted and gets no address; the owner takes the account with the mailed code', async () => {
    await createOrderOnRound(db(), null, { deliveryAddress: '77 Hidden Court' });
    const victim = `${uniqueUsername('vera')}@example.org`;
    const squatter = await registerSquatter(victim);

    const approval = await applyAndApprove(server, admin.cookie, vera(victim));
    expect(approval).toMatchObject({
      message: M.approvedUnproven,
      username: squatter.username,
      accountCreated: false,
      matchedAccount: { username: squatter.username, emailVerified: false },
      promoted: false,
    });
    expect(await roleOf(squatter.username)).toMatchObject({ role: 'CLIENT', email_verified: 0 });

    // The squatter, signed in as before or afresh, is a CLIENT: no orders, no addresses.
    const again = await login(server, squatter.username, SQUATTER_PASSWORD);
    for (const cookie of [squatter.cookie, again]) {
      const me = await call(server.app, 'GET', '/api/auth/me', { headers: { cookie } });
      expect(me.json()).toMatchObject({ role: 'CLIENT', emailVerified: false });
      const orders = await call(server.app, 'GET', '/api/orders/all', { headers: { cookie } });
      expect(orders.statusCode).toBe(403);
      expect(orders.body).not.toContain('77 Hidden Court');
    }

    // The owner's mail: the code, the recovery page with the email (never the code), the
    // buttons to press.
    const mail = await nthMailTo(server, victim, 2); // register's code, then the approval's
    expect(mail.subject).toMatch(/application was approved/);
    const code = mailedCode(mail);
    const links = linksIn(mail);
    expect(links.map((l) => `${l.origin}${l.pathname}`)).toEqual([
      'https://supply.example/reset_password',
    ]);
    expect(links[0]?.searchParams.get('email')).toBe(victim);
    expect(links[0]?.href).not.toContain(code);
    for (const text of ['I already have a code', 'Enter OTP & New Password', 'Reset Password'])
      expect(mail.text).toContain(`"${text}"`);

    // The squatter guessing at the code on their own account's email changes nothing.
    const guess = await call(server.app, 'POST', '/api/auth/email/verify', {
      body: { code: code === '000000' ? '111111' : '000000' },
      headers: { cookie: again },
    });
    expect(guess.statusCode).toBe(400);
    expect(await roleOf(squatter.username)).toMatchObject({ role: 'CLIENT' });

    const reset = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email: victim, otp: code, newPassword: OWNER_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await roleOf(squatter.username)).toMatchObject({
      role: 'VOLUNTEER',
      volunteer_subrole: 'REGULAR',
      email_verified: 1,
    });
    // Every sign-in of the squatter ended; their password no longer works; the owner's does.
    expect(await meStatus(server, squatter.cookie)).toBe(401);
    expect(await meStatus(server, again)).toBe(401);
    const old = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: squatter.username, password: SQUATTER_PASSWORD },
    });
    expect(old.statusCode).toBe(401);
    const owner = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: victim, password: OWNER_PASSWORD },
    });
    expect(owner.statusCode, owner.body).toBe(200);
    expect(owner.json()).toMatchObject({ role: 'VOLUNTEER', emailVerified: true });
  });

  it('a squatter who moves the account to their own email before the reset is never promoted', async () => {
    const victim = `${uniqueUsername('vera')}@example.org`;
    const squatter = await registerSquatter(victim);
    expect((await applyAndApprove(server, admin.cookie, vera(victim))).promoted).toBe(false);

    const own = `${uniqueUsername('mine')}@example.org`;
    const moved = await call(server.app, 'PUT', '/api/auth/update/email', {
      as: squatter,
      body: { currentPassword: SQUATTER_PASSWORD, newEmail: own },
    });
    expect(moved.statusCode, moved.body).toBe(200);
    await nthMailTo(server, own, 1);
    const requested = await call(server.app, 'POST', '/api/auth/password/request-reset', {
      body: { email: own },
    });
    expect(requested.statusCode).toBe(200);
    const code = mailedCode(await nthMailTo(server, own, 2)); // email change's, then reset's
    const reset = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email: own, otp: code, newPassword: OWNER_PASSWORD },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    // Their own address is proven now, but the approval was for the other one.
    expect(await roleOf(squatter.username)).toMatchObject({ role: 'CLIENT', email_verified: 1 });
  });

  it("the squatter's send-code only mails the owner; the account stays a CLIENT", async () => {
    const victim = `${uniqueUsername('vera')}@example.org`;
    const squatter = await registerSquatter(victim);
    expect((await applyAndApprove(server, admin.cookie, vera(victim))).promoted).toBe(false);
    await nthMailTo(server, victim, 2);
    // Sending a new code (the squatter can, for the account's email) still mails the owner.
    const sent = await call(server.app, 'POST', '/api/auth/email/send-code', {
      as: squatter,
      body: {},
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const mail = await nthMailTo(server, victim, 3);
    expect(mail.text).toMatch(/verification code is \d{6}\./);
    expect(await roleOf(squatter.username)).toMatchObject({ role: 'CLIENT', email_verified: 0 });
  });
});
