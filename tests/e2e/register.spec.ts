// The sign-up screen's messages (spec section 5 "Registration step 1/2" and section 8
// "Registration"), each where the spec puts it: under the form, before any call for the
// form's own rules.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_LIMITS } from '#shared/contracts/auth';
import { screenshot } from '../support/chromium.ts';
import { createUser, uniqueUsername } from '../support/e2e-server.ts';
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

async function stepOneCase(
  register: RegisterPage,
  input: { username: string; email?: string; phone?: string },
): Promise<string> {
  return errorAfter(register, () => register.fillStepOne(input));
}

async function openStepTwo(page: Page, username: string, email = ''): Promise<RegisterPage> {
  const register = new RegisterPage(page);
  await register.goto();
  await register.fillStepOne({ username, email });
  await shown(register.password);
  return register;
}

describe('sign-up validation', () => {
  it('step 1: username required, letters only; email and phone formats', async () => {
    const { page } = await e2e.open();
    const calls = logRequests(page, '/api/auth/register');
    const register = new RegisterPage(page);
    await register.goto();
    expect(await stepOneCase(register, { username: '' })).toBe('Username is required');
    expect(await stepOneCase(register, { username: 'rita1' })).toBe(
      'Username can only contain English letters',
    );
    expect(await stepOneCase(register, { username: 'rita moreno' })).toBe(
      'Username can only contain English letters',
    );
    expect(await stepOneCase(register, { username: 'rita', email: 'rita@example' })).toBe(
      'The email is not formatted correctly',
    );
    expect(await stepOneCase(register, { username: 'rita', phone: '555123456' })).toBe(
      'The format of the phone number is incorrect',
    );
    expect(await stepOneCase(register, { username: 'rita', phone: '555123456789' })).toBe(
      'The format of the phone number is incorrect',
    );
    await screenshot(page, 'register-step1-error-phone');
    // 11 digits and no email pass: on to step 2.
    await register.fillStepOne({ username: 'rita', phone: '15551234567' });
    await shown(register.password);
    expect(await register.error.count()).toBe(0);
    expect(calls.count()).toBe(0);
  });

  it('step 2: password rule and confirmation', async () => {
    const { page } = await e2e.open();
    const calls = logRequests(page, '/api/auth/register');
    const register = await openStepTwo(page, 'rita');
    const tryPassword = (password: string, confirmPassword = password) =>
      errorAfter(register, () => register.fillStepTwo({ password, confirmPassword }));
    expect(await tryPassword('abc1234')).toBe(PASSWORD_RULE);
    expect(await tryPassword('abcdefgh')).toBe(PASSWORD_RULE);
    expect(await tryPassword('12345678')).toBe(PASSWORD_RULE);
    expect(await tryPassword('abcd-1234')).toBe(PASSWORD_RULE);
    expect(await tryPassword('abcd1234', 'abcd12345')).toBe('Two different passwords');
    await screenshot(page, 'register-step2-error-phone');
    expect(calls.count()).toBe(0);
    // Back keeps step 1's answers.
    await register.back.click();
    expect(await register.username.inputValue()).toBe('rita');
  });

  it("says when the username or the email is taken (the server's check)", async () => {
    const { page } = await e2e.open();
    const taken = uniqueUsername('sam');
    await createUser(e2e.server.db, {
      username: taken,
      email: `${taken}@example.org`,
      password: 'socks1234',
    });

    // Usernames compare case-insensitively (domain-decisions.md "People").
    const first = await openStepTwo(page, taken.toUpperCase());
    expect(await errorAfter(first, () => first.fillStepTwo({ password: 'socks1234' }))).toBe(
      'This username is already taken. Please try a different username.',
    );
    await screenshot(page, 'register-username-taken-phone');

    const second = await openStepTwo(page, uniqueUsername('sam'), `${taken}@EXAMPLE.org`);
    expect(await errorAfter(second, () => second.fillStepTwo({ password: 'socks1234' }))).toBe(
      'This email is already registered. Please use a different email or try logging in.',
    );
    const rows = await e2e.server.db.selectFrom('users').select('id').execute();
    expect(rows).toHaveLength(1);
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
