// 'Update Profile' (spec section 2 "Profile", sections 5 and 8 "Profile"): each rule's message
// beside its field, no call while the form's own rules refuse, the server's word under the form.
import { describe, expect, it } from 'vitest';
import type { Locator } from 'playwright-core';
import { WRONG_CURRENT_PASSWORD_MESSAGE } from '#server/auth/profile.routes';
import { PASSWORD_MESSAGES } from '#shared/rules/passwords';
import { PROFILE_MESSAGES } from '#shared/rules/profile';
import { screenshot } from '../support/chromium.ts';
import { fieldErrorText } from './pages/controls.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { storedSessionUser } from './helpers/browser-state.ts';
import { useE2e } from './helpers/harness.ts';
import { dropRequests } from './helpers/network.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();

async function errorAfter(profile: ProfilePage, fill: () => Promise<void>): Promise<string> {
  await fill();
  await profile.submit.click();
  await shown(profile.error);
  return (await profile.error.textContent()) ?? '';
}

/** The form's own refusal of `input`, shown beside it (issue 20 item 6), after filling and sending. */
async function refusalOf(
  profile: ProfilePage,
  input: Locator,
  fill: () => Promise<void>,
): Promise<string> {
  await fill();
  await profile.submit.click();
  return fieldErrorText(input);
}

describe('update profile', () => {
  it("shows every rule's message and calls the server for none of them", async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'pat');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    const calls = logRequests(page, /^\/api\/auth\/update\//, 'PUT');

    // Username: letters only, and not the current one. It is the default choice.
    const username = (value: string) =>
      refusalOf(profile, profile.newUsername, () => profile.newUsername.fill(value));
    expect(await username('pat2')).toBe('Username must contain only letters.');
    expect(await username('')).toBe('Username must contain only letters.');
    expect(await username(client.username)).toBe(english(PROFILE_MESSAGES.profileUsernameSame));
    await screenshot(page, 'profile-username-error-phone');

    await profile.choose('Email');
    const email = (refused: Locator, value: string, current: string) =>
      refusalOf(profile, refused, async () => {
        await profile.newEmail.fill(value);
        await profile.currentPassword.fill(current);
      });
    expect(await email(profile.newEmail, 'pat@example', client.password)).toBe(
      'Please enter a valid email address.',
    );
    expect(await email(profile.newEmail, client.email.toUpperCase(), client.password)).toBe(
      english(PROFILE_MESSAGES.profileEmailSame),
    );
    expect(await email(profile.currentPassword, 'pat.new@example.org', '')).toBe(
      'Current password is required.',
    );

    await profile.choose('Password');
    const password = (refused: Locator, value: string, confirm: string, current: string) =>
      refusalOf(profile, refused, async () => {
        await profile.newPassword.fill(value);
        await profile.confirmNewPassword.fill(confirm);
        await profile.currentPassword.fill(current);
      });
    const rule = 'Password must be alphanumeric and at least 8 characters long.';
    const { newPassword, confirmNewPassword, currentPassword } = profile;
    expect(await password(newPassword, 'short12', 'short12', client.password)).toBe(rule);
    expect(await password(newPassword, 'with-dash12', 'with-dash12', client.password)).toBe(rule);
    // beyond-spec.md "Passwords": a letter and a digit too, said before any call.
    expect(await password(newPassword, '12345678', '12345678', client.password)).toBe(
      english(PASSWORD_MESSAGES.registrationPassword),
    );
    expect(await password(confirmNewPassword, 'newpass123', 'newpass124', client.password)).toBe(
      'The two passwords do not match.',
    );
    expect(await password(currentPassword, 'newpass123', 'newpass123', '')).toBe(
      'Current password is required.',
    );
    await screenshot(page, 'profile-password-error-phone');

    await profile.choose('Phone Number');
    const phone = (refused: Locator, value: string, current: string) =>
      refusalOf(profile, refused, async () => {
        await profile.newPhone.fill(value);
        await profile.currentPassword.fill(current);
      });
    const phoneRule = 'Phone number must be a 10-digit US number.';
    const { newPhone } = profile;
    expect(await phone(newPhone, '555123456', client.password)).toBe(phoneRule);
    expect(await phone(newPhone, '15551234567', client.password)).toBe(phoneRule);
    expect(await phone(newPhone, '555-123-4567', client.password)).toBe(phoneRule);
    expect(await phone(newPhone, client.phone, client.password)).toBe(
      english(PROFILE_MESSAGES.profilePhoneSame),
    );
    expect(await phone(currentPassword, '5551239999', '')).toBe('Current password is required.');
    expect(await profile.error.count()).toBe(0);

    expect(calls.count()).toBe(0);
  });

  it("shows the server's word on a common password and keeps the old one", async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'robin');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.choose('Password');
    await profile.newPassword.fill('qwerty123');
    await profile.confirmNewPassword.fill('qwerty123');
    await profile.currentPassword.fill(client.password);
    await profile.submit.click();
    await shown(profile.error);
    expect(await profile.error.textContent()).toBe('This password is too common. Choose another.');
    await screenshot(page, 'profile-common-password-phone');
    const res = await page.request.post('/api/auth/login', {
      data: { username: client.username, password: client.password },
    });
    expect(res.status()).toBe(200);
  });

  it("shows the server's message for a wrong current password and changes nothing", async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'quinn');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.choose('Email');
    await profile.newEmail.fill('quinn.new@example.org');
    await profile.currentPassword.fill('notmypass1');
    await profile.submit.click();
    await shown(profile.error);
    expect(await profile.error.textContent()).toBe(WRONG_CURRENT_PASSWORD_MESSAGE);
    await screenshot(page, 'profile-wrong-current-password-phone');
    const row = await e2e.server.db
      .selectFrom('users')
      .select('email')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.email).toBe(client.email);
  });

  it('changes the username, and the header and session follow', async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'ruth');
    const home = await logInAsClient(page, client);
    await home.profile.click();
    const profile = new ProfilePage(page);
    await shown(profile.heading);
    const renamed = `${client.username}x`;
    await profile.newUsername.fill(renamed);
    await profile.submit.click();
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    await shown(home.greeting(renamed));
    expect(await storedSessionUser(page)).toMatchObject({ username: renamed, userId: client.id });
    const row = await e2e.server.db
      .selectFrom('users')
      .select('username')
      .where('id', '=', client.id)
      .executeTakeFirstOrThrow();
    expect(row.username).toBe(renamed);
  });

  it("says 'Failed to update phone number.' when offline, and Cancel goes back home", async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'sol');
    await logInAsClient(page, client);
    const profile = new ProfilePage(page);
    await profile.goto();
    await profile.choose('Phone Number');
    await dropRequests(page, '**/api/auth/update/phone');
    expect(
      await errorAfter(profile, async () => {
        await profile.newPhone.fill('5552223333');
        await profile.currentPassword.fill(client.password);
      }),
    ).toBe('Failed to update phone number.');
    await profile.cancel.click();
    await page.waitForURL((url) => url.pathname === '/');
  });
});
