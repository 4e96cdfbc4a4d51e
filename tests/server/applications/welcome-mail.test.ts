// Issue 14 item 6, "A new volunteer can't follow the welcome mail": the mail of an approval
// that made a new account must walk the applicant through the password recovery page with
// its real texts, link to that page with the email filled in (never the code), and its code
// must work on step 2 as it is, without asking for a new one (which would void it).
import { describe, expect, it } from 'vitest';
import { ADMIN_APPLICATION_MESSAGES } from '#shared/contracts/admin-applications';
import { testDialects, useSignedInUser, useTestServer } from '../../support/build-app.ts';
import { uniqueUsername } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

import { linksIn, mailedCode, mailsTo, nthMailTo } from '../auth/code-mail-helpers.ts';

import { applyAndApprove } from './application-helpers.ts';
import { englishTable } from '../../support/english.ts';

const M = englishTable(ADMIN_APPLICATION_MESSAGES);

describe.each(testDialects())('the welcome mail of a new volunteer (%s)', (dialect) => {
  const server = useTestServer(dialect, {
    rateLimitScale: 1000,
    publicUrl: 'https://supply.example/app',
  });
  const admin = useSignedInUser(server, { role: 'ADMIN' });

  it('says which page and buttons to use, links the page with the email, and its code works on step 2', async () => {
    const email = `${uniqueUsername('new')}+team@example.org`;
    const reply = await applyAndApprove(server, admin.cookie, {
      firstName: 'Nia',
      lastName: 'Newcomer',
      email,
      phone: '555-444-3333',
    });
    expect(reply).toMatchObject({
      message: M.approvedCreated,
      accountCreated: true,
      matchedAccount: null,
      promoted: true,
    });

    const mail = await nthMailTo(server, email, 1);
    const code = mailedCode(mail);
    expect(mail.text).toContain(`Your username is ${reply.username}.`);
    // The screen's own texts, in the order the applicant meets them.
    const steps = [
      '"Request a Recovery Code"',
      '"I already have a code"',
      '"Send Recovery Code"',
      '"Enter OTP & New Password"',
      '"OTP"',
      '"New Password"',
      '"Reset Password"',
    ].map((text) => mail.text.indexOf(text));
    expect(steps.every((at) => at >= 0)).toBe(true);
    expect([...steps].sort((a, b) => a - b)).toEqual(steps);

    const [link, ...others] = linksIn(mail);
    expect(others).toEqual([]);
    expect(`${link?.origin}${link?.pathname}`).toBe('https://supply.example/app/reset_password');
    expect([...(link?.searchParams.keys() ?? [])]).toEqual(['email']);
    expect(link?.href).not.toContain(code);

    // Following the mail: the email from the link, the code from the mail, no new code asked.
    const fromLink = link?.searchParams.get('email') ?? '';
    expect(fromLink).toBe(email);
    const reset = await call(server.app, 'POST', '/api/auth/password/verify-reset', {
      body: { email: fromLink, otp: code, newPassword: 'Welcome2team' },
    });
    expect(reset.statusCode, reset.body).toBe(200);
    expect(mailsTo(server, email)).toHaveLength(1);
    const signIn = await call(server.app, 'POST', '/api/auth/login', {
      body: { username: reply.username, password: 'Welcome2team' },
    });
    expect(signIn.statusCode, signIn.body).toBe(200);
    expect(signIn.json()).toMatchObject({ role: 'VOLUNTEER', email, emailVerified: true });
  });
});
