// Issue 14's defences tried as an attacker would, by the independent client: attacks that held,
// kept as tests where nothing else covered them (the others are in email-ownership.test.ts,
// drain.test.ts and tests/server/...).
import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/build-app.ts';
import {
  applicationFor,
  approveApplication,
  expectOk,
  letters,
  login,
  loginAs,
  mailsTo,
  newestCodes,
  password,
  phone10,
  registerClient,
  securedClient,
  verifyEmailWithAny,
  useServerWithAdmin,
} from './harness.ts';
import { rec } from './wire-client.ts';

describe.each(testDialects())('independent client: red team, what held (%s)', (dialect) => {
  const { server, admin } = useServerWithAdmin(dialect);

  async function roleOf(username: string, pw: string) {
    const reply = await login(await securedClient(server), username, pw);
    expectOk(reply);
    return rec(reply.json);
  }

  it('squatting in capitals: the account on VICTIM@EXAMPLE.ORG matches the application but is not promoted', async () => {
    const victim = `vic${letters(8)}@example.org`;
    const c = await securedClient(server);
    const username = `squat${letters(8)}`;
    const pw = password();
    expectOk(
      await c.post('/api/auth/register', {
        username,
        password: pw,
        role: 'CLIENT',
        email: victim.toUpperCase(),
        phone: phone10(),
      }),
    );
    const reply = await approveApplication(admin, await applicationFor(server, admin, victim));
    expectOk(reply);
    expect(rec(reply.json)).toMatchObject({
      matchedAccount: { username, emailVerified: false },
      promoted: false,
    });
    expect(await roleOf(username, pw)).toMatchObject({ role: 'CLIENT', emailVerified: false });
  });

  it('racing the approval: a proven account that moves to the applicant’s email while it is approved is not promoted', async () => {
    const victim = `race${letters(8)}@example.org`;
    const applicationId = await applicationFor(server, admin, victim);
    const a = await registerClient(server, 'racer');
    const codes = await newestCodes(server, a.email, 1);
    const proved = await verifyEmailWithAny(a, codes);
    expect(proved.status, JSON.stringify(proved.json)).toBe(200);
    const [moved, approved] = await Promise.all([
      a.client.put('/api/auth/update/email', {
        userId: String(a.userId),
        authenticated: true,
        currentPassword: a.password,
        newEmail: victim,
      }),
      approveApplication(admin, applicationId),
    ]);
    // Whichever lands first, the account is never promoted: approved first, no account had the
    // email (one is made for the applicant, and the move finds the email taken); moved first,
    // the account's email is unproven; at the same instant one of the two finds the email
    // taken (409) and changes nothing.
    expect([200, 409], JSON.stringify(approved.json)).toContain(approved.status);
    expect([200, 409], JSON.stringify(moved.json)).toContain(moved.status);
    expect(await roleOf(a.username, a.password)).toMatchObject({ role: 'CLIENT' });
  });

  it('guessing a recovery code from 6 sessions under 6 spellings of the email: 5 tries in all, then the right code is refused', async () => {
    const a = await registerClient(server, 'guess');
    const before = mailsTo(server, a.email).length;
    const owner = await securedClient(server);
    expectOk(await owner.post('/api/auth/password/request-reset', { email: a.email }));
    const codes = await newestCodes(server, a.email, before + 1);
    const spellings = [
      a.email,
      a.email.toUpperCase(),
      ` ${a.email}`,
      a.email.replace('@example.org', '@EXAMPLE.org'),
      a.email,
      a.email.toUpperCase(),
    ];
    let guess = 0;
    for (const email of spellings) {
      do guess += 1;
      while (codes.includes(String(guess).padStart(6, '0')));
      const reply = await (
        await securedClient(server)
      ).post('/api/auth/password/verify-reset', {
        email,
        otp: String(guess).padStart(6, '0'),
        newPassword: 'Quartz7lantern',
      });
      expect(reply.status).toBeGreaterThanOrEqual(400);
      expect(reply.status).toBeLessThan(500);
    }
    for (const otp of codes.slice(0, 3)) {
      const right = await owner.post('/api/auth/password/verify-reset', {
        email: a.email,
        otp,
        newPassword: 'Quartz7lantern',
      });
      expect(right.status).toBe(400);
    }
    await loginAs(server, a.username, a.password); // the password did not change
  });
});
