// The sign-up screen's messages (spec section 5 "Registration step 1/2" and section 8
// "Registration"): the form's own rules beside their fields, all at once, focus on the first
// (issue 20 item 8), before any call; a taken username on step 1; the server's refusals under
// the form.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_LIMITS } from '#shared/contracts/auth';
import { screenshot } from '../support/chromium.ts';
import { createUser, uniqueUsername } from '../support/e2e-server.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { fieldErrorText, isInvalid } from './pages/controls.ts';
import { RegisterPage } from './pages/register-page.ts';
import { useE2e } from './helpers/harness.ts';
import { dropRequests } from './helpers/network.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e();
const PASSWORD_RULE =
  'The password must be at least 8 digits long and contain both letters and numbers';

async function errorAfter(register: RegisterPage, action: () => Promise<void>): Promise<string> {
  await action();
  await shown(register.error);
  return (await register.error.textContent()) ?? '';
}

async function openStepTwo(page: Page, username: string, email = ''): Promise<RegisterPage> {
  const register = new RegisterPage(page);
  await register.goto();
  await register.fillStepOne({ username, email });
  await shown(register.password);
  return register;
}

describe('sign-up validation', () => {
  it('step 1: every refusal at once beside its field, focus on the first; none calls register', async () => {
    const { page } = await e2e.open();
    const calls = logRequests(page, '/api/auth/register');
    const register = new RegisterPage(page);
    await register.goto();
    await register.fillStepOne({ username: 'rita1', email: 'rita@example', phone: '555123456' });
    expect(await fieldErrorText(register.username)).toBe(
      'Username can only contain English letters',
    );
    expect(await fieldErrorText(register.email)).toBe('The email is not formatted correctly');
    expect(await fieldErrorText(register.phone)).toBe(
      'The format of the phone number is incorrect',
    );
    expect(await register.username.evaluate((el) => el === document.activeElement)).toBe(true);
    await screenshot(page, 'register-step1-error-phone');
    expect(await accessibilityViolations(page)).toEqual([]);

    // A field's refusal goes once it is changed; the others stay until the next try.
    await register.username.fill('');
    expect(await isInvalid(register.username)).toBe(false);
    expect(await isInvalid(register.email)).toBe(true);
    await register.fillStepOne({ username: '', phone: '555123456789' });
    expect(await fieldErrorText(register.username)).toBe('Username is required');
    expect(await fieldErrorText(register.phone)).toBe(
      'The format of the phone number is incorrect',
    );
    expect(await isInvalid(register.email)).toBe(false);
    await register.fillStepOne({ username: 'rita moreno' });
    expect(await fieldErrorText(register.username)).toBe(
      'Username can only contain English letters',
    );
    // 11 digits and no email pass: on to step 2.
    await register.fillStepOne({ username: 'rita', phone: '15551234567' });
    await shown(register.password);
    expect(await register.error.count()).toBe(0);
    expect(calls.count()).toBe(0);
  });

  it('step 2: password rule and confirmation, both at once', async () => {
    const { page } = await e2e.open();
    const calls = logRequests(page, '/api/auth/register');
    const register = await openStepTwo(page, uniqueUsername('rita'));
    const tryPassword = async (password: string, confirmPassword = password) => {
      await register.fillStepTwo({ password, confirmPassword });
      return fieldErrorText(register.password);
    };
    expect(await tryPassword('abc1234')).toBe(PASSWORD_RULE);
    expect(await tryPassword('abcdefgh')).toBe(PASSWORD_RULE);
    expect(await tryPassword('12345678')).toBe(PASSWORD_RULE);
    await register.fillStepTwo({ password: 'abcd-1234', confirmPassword: 'abcd' });
    expect(await fieldErrorText(register.password)).toBe(PASSWORD_RULE);
    expect(await fieldErrorText(register.confirmPassword)).toBe('Two different passwords');
    expect(await register.password.evaluate((el) => el === document.activeElement)).toBe(true);
    await register.fillStepTwo({ password: 'abcd1234', confirmPassword: 'abcd12345' });
    expect(await fieldErrorText(register.confirmPassword)).toBe('Two different passwords');
    expect(await isInvalid(register.password)).toBe(false);
    await screenshot(page, 'register-step2-error-phone');
    expect(await accessibilityViolations(page)).toEqual([]);
    expect(calls.count()).toBe(0);
    // Back keeps step 1's answers.
    await register.back.click();
    expect((await register.username.inputValue()).startsWith('rita')).toBe(true);
  });

  it('says on step 1 when the username is taken; registration still judges a later race', async () => {
    const { page } = await e2e.open();
    const checks = logRequests(page, '/api/auth/username-available', 'GET');
    const taken = uniqueUsername('sam');
    await createUser(e2e.server.db, {
      username: taken,
      email: `${taken}@example.org`,
      password: 'socks1234',
    });

    // Usernames compare case-insensitively (domain-decisions.md "People").
    const register = new RegisterPage(page);
    await register.goto();
    await register.fillStepOne({ username: taken.toUpperCase() });
    expect(await fieldErrorText(register.username)).toBe(
      'This username is already taken. Please try a different username.',
    );
    expect(await register.password.count()).toBe(0);
    expect(checks.count()).toBe(1);
    await screenshot(page, 'register-username-taken-phone');

    // Free on step 1, taken before step 2 is sent: the server's refusal shows.
    const racer = uniqueUsername('race');
    const raced = await openStepTwo(page, racer);
    await createUser(e2e.server.db, { username: racer, password: 'socks1234' });
    expect(await errorAfter(raced, () => raced.fillStepTwo({ password: 'socks1234' }))).toBe(
      'This username is already taken. Please try a different username.',
    );

    const second = await openStepTwo(page, uniqueUsername('sam'), `${taken}@EXAMPLE.org`);
    expect(await errorAfter(second, () => second.fillStepTwo({ password: 'socks1234' }))).toBe(
      'This email is already registered. Please use a different email or try logging in.',
    );
    const rows = await e2e.server.db.selectFrom('users').select('id').execute();
    expect(rows).toHaveLength(2);
  });

  it("says 'Registration failed. Please check ...' when the server refuses the input (400)", async () => {
    const { page } = await e2e.open();
    // Longer than the server takes, and no rule of the form's own catches it.
    const register = await openStepTwo(page, uniqueUsername('tom'));
    const firstName = 'A'.repeat(AUTH_LIMITS.name + 1);
    expect(
      await errorAfter(register, () => register.fillStepTwo({ firstName, password: 'socks1234' })),
    ).toBe('Registration failed. Please check your information and try again.');
  });

  it("says 'Registration failed' with the detail when the server cannot be reached", async () => {
    const { page } = await e2e.open();
    const register = await openStepTwo(page, uniqueUsername('una'));
    await dropRequests(page, '**/api/auth/register');
    expect(
      await errorAfter(register, () => register.fillStepTwo({ password: 'socks1234' })),
    ).toMatch(/^Registration failed: .+/);
  });
});
