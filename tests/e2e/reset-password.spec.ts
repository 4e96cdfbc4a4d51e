// Password recovery (spec section 2 "Password recovery", sections 5 and 8 "Reset"): the code
// comes from the mail the real server wrote to DATA_DIR/mail.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import {
  RESET_CODE_INVALID_MESSAGE,
  RESET_REQUESTED_MESSAGE,
} from '#server/auth/password-reset.routes';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import {
  createUser,
  readMails,
  resetCodeIn,
  uniqueUsername,
  waitForMail,
} from '../support/e2e-server.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { fieldErrorText } from './pages/controls.ts';
import { ResetPasswordPage } from './pages/reset-password-page.ts';
import { useE2e } from './helpers/harness.ts';
import { dropRequests } from './helpers/network.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();

function anotherCode(code: string): string {
  return String((Number(code) + 1) % 1_000_000).padStart(6, '0');
}

/** The form's own refusal of `input`, beside it (issue 20 item 6), after `action`. */
async function refusalOf(input: Locator, action: () => Promise<void>): Promise<string> {
  await action();
  return fieldErrorText(input);
}

async function errorAfter(reset: ResetPasswordPage, action: () => Promise<void>): Promise<string> {
  await action();
  await shown(reset.error);
  return (await reset.error.textContent()) ?? '';
}

describe('password recovery', () => {
  it('step 1 asks for the email before calling the server', async () => {
    const { page } = await e2e.open();
    const calls = logRequests(page, '/api/auth/password/request-reset');
    const reset = new ResetPasswordPage(page);
    await reset.goto();
    expect(await refusalOf(reset.email, () => reset.requestCode('  '))).toBe('Email is required');
    await screenshot(page, 'reset-email-required-phone');
    expect(calls.count()).toBe(0);
    await reset.goBack.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it('resets the password with the 6-digit code from the mail, then logs in with it', async () => {
    const { page, errors } = await e2e.open();
    const username = uniqueUsername('ana');
    const email = `${username}@example.org`;
    const { id: userId } = await createUser(e2e.server.db, {
      username,
      email,
      password: 'oldpass123',
    });
    const reset = new ResetPasswordPage(page);
    await reset.goto();
    await screenshot(page, 'reset-step1-phone');
    await reset.requestCode(email);
    await shown(reset.verifyHeading);
    await shown(page.getByText(RESET_REQUESTED_MESSAGE, { exact: true }));
    // Step 2 keeps the email typed in step 1.
    expect(await reset.email.inputValue()).toBe(email);
    const code = resetCodeIn(await waitForMail(e2e.server.mailDir, email));
    await screenshot(page, 'reset-step2-phone');

    const verifyCalls = logRequests(page, '/api/auth/password/verify-reset');
    expect(
      await refusalOf(reset.otp, () => reset.verify({ otp: '', newPassword: 'newpass123' })),
    ).toBe(english(AUTH_MESSAGES.resetOtpRequired));
    expect(
      await refusalOf(reset.newPassword, () => reset.verify({ otp: code, newPassword: '' })),
    ).toBe(english(AUTH_MESSAGES.resetNewPasswordRequired));
    expect(verifyCalls.count()).toBe(0);

    expect(
      await errorAfter(reset, () =>
        reset.verify({ otp: anotherCode(code), newPassword: 'newpass123' }),
      ),
    ).toBe(RESET_CODE_INVALID_MESSAGE);
    // The profile's password rule, a letter and a digit, then the server's common-password list.
    const newPassword = (value: string) =>
      refusalOf(reset.newPassword, () => reset.verify({ otp: code, newPassword: value }));
    expect(await newPassword('short1')).toBe(
      'Password must be alphanumeric and at least 8 characters long.',
    );
    expect(await newPassword('12345678')).toBe(
      'The password must be at least 8 digits long and contain both letters and numbers',
    );
    expect(
      await errorAfter(reset, () => reset.verify({ otp: code, newPassword: 'qwerty123' })),
    ).toBe('This password is too common. Choose another.');
    await screenshot(page, 'reset-step2-error-phone');
    const before = await e2e.server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();

    await reset.verify({ otp: code, newPassword: 'newpass123' });
    await shown(reset.goToLogin);
    await screenshot(page, 'reset-done-phone');
    const after = await e2e.server.db
      .selectFrom('users')
      .select('password_hash')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(after.password_hash).not.toBe(before.password_hash);

    await reset.goToLogin.click();
    const login = new LoginPage(page);
    await shown(login.heading);
    await login.logInAs(username, 'newpass123');
    await shown(new ClientHomePage(page).logOut);
    expect(errors).toEqual([]);
  });

  it.each([
    ['desktop', DESKTOP],
    ['phone', PHONE],
  ] as const)(
    '"I already have a code" goes to step 2 asking for nothing; a mail\'s link fills the email (%s)',
    async (name, viewport) => {
      const { page, errors } = await e2e.open(viewport);
      const requests = logRequests(page, '/api/auth/password/request-reset');
      const reset = new ResetPasswordPage(page);
      await reset.goto();
      await shown(reset.haveCode);
      await screenshot(page, `reset-step1-${name}`);
      await reset.email.fill('lee@example.org');
      await reset.haveCode.click();
      await shown(reset.verifyHeading);
      expect(await reset.email.inputValue()).toBe('lee@example.org');

      // The link in a mail carries the email (never the code); Enter there goes to step 2 too.
      const linked = 'lee+mail@example.org';
      await page.goto(`/reset_password?email=${encodeURIComponent(linked)}`);
      await shown(reset.requestHeading);
      expect(await reset.email.inputValue()).toBe(linked);
      await screenshot(page, `reset-step1-from-link-${name}`);
      await reset.email.press('Enter');
      await shown(reset.verifyHeading);
      expect(await reset.email.inputValue()).toBe(linked);
      expect(requests.count()).toBe(0);
      expect(errors).toEqual([]);
    },
  );

  it('answers an unknown email the same way and sends it nothing', async () => {
    const { page } = await e2e.open();
    const ghost = `${uniqueUsername('ghost')}@example.org`;
    const known = `${uniqueUsername('kim')}@example.org`;
    await createUser(e2e.server.db, {
      username: uniqueUsername('kim'),
      email: known,
      password: 'kimpass123',
    });
    const before = readMails(e2e.server.mailDir).length;
    const reset = new ResetPasswordPage(page);
    await reset.goto();
    await reset.requestCode(ghost);
    await shown(reset.verifyHeading);
    await shown(page.getByText(RESET_REQUESTED_MESSAGE, { exact: true }));
    // Mail goes out in the background: a second, known address tells when the first is done.
    await reset.sendNewCode.click();
    await reset.requestCode(known);
    await waitForMail(e2e.server.mailDir, known);
    const mails = readMails(e2e.server.mailDir);
    expect(mails).toHaveLength(before + 1);
    expect(mails.filter((mail) => mail.to.includes(ghost))).toEqual([]);
  });

  it("says 'Failed to send recovery code.' and 'Failed to reset password.' when offline", async () => {
    const { page } = await e2e.open();
    const reset = new ResetPasswordPage(page);
    await reset.goto();
    await dropRequests(page, '**/api/auth/password/request-reset');
    expect(await errorAfter(reset, () => reset.requestCode('ana@example.org'))).toBe(
      'Failed to send recovery code.',
    );
    await page.unroute('**/api/auth/password/request-reset');
    await reset.requestCode('ana@example.org');
    await shown(reset.verifyHeading);
    await dropRequests(page, '**/api/auth/password/verify-reset');
    expect(
      await errorAfter(reset, () => reset.verify({ otp: '123456', newPassword: 'newpass123' })),
    ).toBe('Failed to reset password.');
  });
});
