// beyond-spec.md section 1 "Email ownership" and "Approving an application never promotes an
// account whose email is unproven", tried by an independent client written from that text:
// POST /api/auth/email/send-code (signed in), POST /api/auth/email/verify {code}, emailVerified
// in me and login, and the approve reply's matchedAccount / promoted. Tried as an attacker
// would too: an account registered with someone else's email, guessing codes.
import { describe, expect, it } from 'vitest';
import { testDialects } from '../support/build-app.ts';
import {
  applicationFor,
  approveApplication,
  expectOk,
  expectSealed,
  letters,
  login,
  loginAs,
  newestCodes,
  password,
  phone10,
  registerClient,
  securedClient,
  verifyEmailWithAny,
  useServerWithAdmin,
  type Account,
} from './harness.ts';
import { rec } from './wire-client.ts';

describe.each(testDialects())('independent client: email ownership (%s)', (dialect) => {
  const { server, admin } = useServerWithAdmin(dialect);

  const me = async (a: Account) => {
    const reply = await a.client.get('/api/auth/me');
    expectOk(reply);
    return rec(reply.json);
  };

  async function applyAndApprove(email: string) {
    const reply = await approveApplication(admin, await applicationFor(server, admin, email));
    expectOk(reply);
    return rec(reply.json);
  }

  it('a registered email is unproven; send-code (encrypted) and verify prove it; me and login say so', async () => {
    const a = await registerClient(server, 'prove');
    expect(await me(a)).toMatchObject({ email: a.email, emailVerified: false });
    await newestCodes(server, a.email, 1); // registration's mail is out: the next is newer
    const sent = await a.client.post('/api/auth/email/send-code', {}, { encrypt: true });
    expectSealed(sent);
    expectOk(sent);
    expect(rec(sent.json)).toMatchObject({ status: 'success' });
    // Registration mailed one code, send-code another: the newest is the live one.
    const codes = await newestCodes(server, a.email, 2);
    expect(codes.length).toBeGreaterThan(0);
    expectOk(await verifyEmailWithAny(a, codes));
    expect(await me(a)).toMatchObject({ emailVerified: true });
    const again = await login(await securedClient(server), a.username, a.password);
    expect(rec(again.json)).toMatchObject({ emailVerified: true });
  });

  it('send-code and verify need a login; a wrong code is a 4xx envelope', async () => {
    const c = await securedClient(server);
    expect((await c.post('/api/auth/email/send-code', {})).status).toBe(401);
    expect((await c.post('/api/auth/email/verify', { code: '123456' })).status).toBe(401);
    const a = await registerClient(server, 'wrong');
    const wrong = await a.client.post('/api/auth/email/verify', { code: 'abcdef' });
    expect(wrong.status).toBeGreaterThanOrEqual(400);
    expect(wrong.status).toBeLessThan(500);
    expect(rec(wrong.json)).toMatchObject({ status: 'error' });
    expect(typeof rec(wrong.json).message).toBe('string');
  });

  it('attack: an account on someone else’s email is not promoted by an approval, guessing the code fails, the owner gets it', async () => {
    const victim = `owner${letters(8)}@example.org`;
    const c = await securedClient(server);
    const username = `squat${letters(8)}`;
    const squatPw = password();
    expectOk(
      await c.post(
        '/api/auth/register',
        { username, password: squatPw, role: 'CLIENT', email: victim, phone: phone10() },
        { encrypt: true },
      ),
    );
    const squatter = await loginAs(server, username, squatPw);
    await newestCodes(server, victim, 1); // the registration's mail went to the owner

    const approved = await applyAndApprove(victim);
    expect(approved).toMatchObject({
      status: 'success',
      matchedAccount: { username, emailVerified: false },
      promoted: false,
    });
    expect(await me(squatter)).toMatchObject({ role: 'CLIENT', emailVerified: false });
    expect((await squatter.client.get('/api/orders/all')).status).toBe(403);

    // Guessing: 5 tries are counted, then even a right code would be refused.
    const codes = await newestCodes(server, victim, 2);
    const guesses = ['000000', '111111', '222222', '333333', '444444', '555555'].filter(
      (g) => !codes.includes(g),
    );
    for (const code of guesses.slice(0, 5)) {
      const reply = await squatter.client.post('/api/auth/email/verify', { code });
      expect(reply.status).toBe(400);
    }
    const locked = await squatter.client.post('/api/auth/email/verify', { code: codes[0] });
    expect(locked.status).toBe(400);
    expect(await me(squatter)).toMatchObject({ role: 'CLIENT', emailVerified: false });

    // The owner asks for a new code on the recovery page and uses it: the account is theirs,
    // a volunteer, and the squatter's login is over.
    const owner = await securedClient(server);
    expectOk(await owner.post('/api/auth/password/request-reset', { email: victim }));
    const fresh = await newestCodes(server, victim, 3);
    const ownerPw = password();
    let reset = await owner.post('/api/auth/password/verify-reset', {
      email: victim,
      otp: fresh[0],
      newPassword: ownerPw,
    });
    for (const otp of fresh.slice(1, 3)) {
      if (reset.status < 300) break;
      reset = await owner.post('/api/auth/password/verify-reset', {
        email: victim,
        otp,
        newPassword: ownerPw,
      });
    }
    expectOk(reset);
    expect((await squatter.client.get('/api/auth/me')).status).toBe(401);
    const signedIn = await login(owner, victim, ownerPw);
    expectOk(signedIn);
    expect(rec(signedIn.json)).toMatchObject({ role: 'VOLUNTEER', emailVerified: true });
  });

  it('approve reply: a proven match is promoted at once; no match makes an account', async () => {
    const a = await registerClient(server, 'proven');
    expectOk(await verifyEmailWithAny(a, await newestCodes(server, a.email, 1)));
    const proven = await applyAndApprove(a.email);
    expect(proven).toMatchObject({
      matchedAccount: { username: a.username, emailVerified: true },
      promoted: true,
      accountCreated: false,
    });
    expect((await a.client.get('/api/auth/me')).status).toBe(401); // signed out: new role
    const again = await login(await securedClient(server), a.username, a.password);
    expect(rec(again.json)).toMatchObject({ role: 'VOLUNTEER', emailVerified: true });

    const fresh = await applyAndApprove(`new${letters(8)}@example.org`);
    expect(fresh).toMatchObject({ matchedAccount: null, promoted: true, accountCreated: true });
  });
});
