// Issue 20 items 6 and 9 on the production build: forms refuse in place, never with a browser
// dialog (any dialog fails the test): Load Round with an empty ID says so beside the field and
// calls nothing under /api/admin/rounds/; Add New User with an empty form says 'Username is
// required' beside the field with focus on it, and sends nothing; a server refusal shows under
// the form. A signed-in client opening /guest lands on their own home. Axe on each state;
// screenshots at 1280×800 and 390×844 under /tmp/shots/h7.
import { mkdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import { FEEDBACK_MESSAGES } from '#shared/rules/feedback';
import { PASSWORD_MESSAGES } from '#shared/rules/passwords';
import { PROFILE_MESSAGES } from '#shared/rules/profile';
import { DESKTOP, PHONE, type Viewport } from '../support/chromium.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';
import { anAdmin, logInAsAdmin } from './pages/admin-home-page.ts';
import { AdminRoundsPage } from './pages/admin-rounds-page.ts';
import { AdminUsersPage } from './pages/admin-users-page.ts';
import { control, field, fieldErrorText, isInvalid } from './pages/controls.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();
const SHOTS = '/tmp/shots/h7';
const H9_SHOTS = '/tmp/shots/h9';
for (const folder of [SHOTS, H9_SHOTS]) mkdirSync(folder, { recursive: true });

function shot(page: Page, name: string, viewport: Viewport, folder = SHOTS) {
  return page.screenshot({ path: `${folder}/${name}-${viewport.width}x${viewport.height}.png` });
}

/** Any alert, confirm or prompt fails the test (it is answered, so nothing hangs). */
function failOnDialogs(page: Page): string[] {
  const seen: string[] = [];
  page.on('dialog', (dialog) => {
    seen.push(`${dialog.type()}: ${dialog.message()}`);
    void dialog.dismiss();
  });
  return seen;
}

/** Requests whose path starts with `prefix`, any method. */
function requestsUnder(page: Page, prefix: string): string[] {
  const seen: string[] = [];
  page.on('request', (request) => {
    const { pathname } = new URL(request.url());
    if (pathname.startsWith(prefix)) seen.push(`${request.method()} ${pathname}`);
  });
  return seen;
}

const isFocused = (page: Page, input: ReturnType<typeof field>) =>
  input.evaluate((el) => el === document.activeElement);

describe('forms refuse in place', () => {
  it('Load Round with an empty ID: a message beside the field, no call, no dialog', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      await logInAsAdmin(page, await anAdmin(e2e.server));
      const rounds = new AdminRoundsPage(page);
      await rounds.goto();
      await rounds.tab('Update Round').click();
      const calls = requestsUnder(page, '/api/admin/rounds/');
      await control(page, 'Load Round').click();
      const roundId = field(page.getByRole('main'), 'Round ID');
      expect(await fieldErrorText(roundId)).toBe(
        'Round ID must be a whole number from 1 to 2147483647.',
      );
      expect(await isFocused(page, roundId)).toBe(true);
      await shot(page, 'load-round-empty', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      // A well-formed id naming no round: the server's refusal, under the form.
      await roundId.fill('999999');
      await control(page, 'Load Round').click();
      const refused = page.getByRole('main').getByRole('alert');
      await shown(refused);
      expect(await refused.textContent()).toMatch(/^Error fetching round: /);
      expect(calls).toEqual(['GET /api/admin/rounds/999999']);
      await shot(page, 'load-round-refused', viewport);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });

  it("Add New User with an empty form: 'Username is required' beside the field, nothing sent", async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      const admin = await anAdmin(e2e.server);
      await logInAsAdmin(page, admin);
      const users = new AdminUsersPage(page);
      await users.goto();
      const calls = requestsUnder(page, '/api/admin/user/create');
      await users.addNewUser.click();
      await shown(users.dialog);
      await control(users.dialog, 'Create User').click();
      const username = field(users.dialog, 'Username');
      expect(await fieldErrorText(username)).toBe('Username is required');
      expect(await isFocused(page, username)).toBe(true);
      await shot(page, 'add-user-empty', viewport);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(calls).toEqual([]);
      // Typing clears it; the server's own refusal (a taken name) shows under the form.
      await username.fill(admin.username);
      expect(await username.getAttribute('aria-invalid')).toBeNull();
      await control(users.dialog, 'Create User').click();
      const refused = users.dialog.getByRole('alert');
      await shown(refused);
      expect((await refused.textContent())?.length ?? 0).toBeGreaterThan(0);
      expect(calls.length).toBe(1);
      await shot(page, 'add-user-refused', viewport);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});

describe('forms show each refusal beside its field, focused on the first (H9)', () => {
  it('Login, sent empty: both fields refused beside them, focus on the first, nothing sent', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      await page.goto('/login');
      const calls = requestsUnder(page, '/api/auth/login');
      await control(page, 'Log in').click();
      const username = field(page, 'Email or UserName');
      const password = field(page, 'Password');
      expect(await fieldErrorText(username)).toBe(english(AUTH_MESSAGES.loginUsernameRequired));
      expect(await fieldErrorText(password)).toBe(english(AUTH_MESSAGES.loginPasswordRequired));
      expect(await isFocused(page, username)).toBe(true);
      expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
      await shot(page, 'login-empty', viewport, H9_SHOTS);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(calls).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
  it('Update Profile (Password), sent empty: each field refused beside it, focus on the first', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      await logInAsClient(page, await aClient(e2e.server, 'formsprofile'));
      const profile = new ProfilePage(page);
      await profile.goto();
      await profile.choose('Password');
      const calls = requestsUnder(page, '/api/auth/update/');
      await profile.submit.click();
      expect(await fieldErrorText(profile.newPassword)).toBe(
        english(PASSWORD_MESSAGES.profilePassword),
      );
      expect(await fieldErrorText(profile.currentPassword)).toBe(
        english(PROFILE_MESSAGES.currentPasswordRequired),
      );
      // Both empty: they match, so the confirmation is not refused.
      expect(await isInvalid(profile.confirmNewPassword)).toBe(false);
      expect(await isFocused(page, profile.newPassword)).toBe(true);
      expect(await profile.error.count()).toBe(0);
      await shot(page, 'profile-password-empty', viewport, H9_SHOTS);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Another choice starts clean.
      await profile.choose('Email');
      expect(await isInvalid(profile.currentPassword)).toBe(false);
      expect(calls).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
  it('Feedback, sent empty: both fields refused beside them, focus on the first, nothing kept', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      await logInAsClient(page, await aClient(e2e.server, 'formsfeedback'));
      await page.goto('/feedback');
      const calls = requestsUnder(page, '/api/feedback');
      const phone = field(page, 'Phone Number');
      await phone.fill('');
      await control(page, 'Submit').click();
      const content = field(page, 'Feedback');
      expect(await fieldErrorText(phone)).toBe(english(FEEDBACK_MESSAGES.feedbackPhone));
      expect(await fieldErrorText(content)).toBe(english(FEEDBACK_MESSAGES.feedbackContent));
      expect(await isFocused(page, phone)).toBe(true);
      expect(await page.getByRole('main').getByRole('alert').count()).toBe(0);
      await shot(page, 'feedback-empty', viewport, H9_SHOTS);
      expect(await accessibilityViolations(page)).toEqual([]);
      // Typing clears that field's refusal only.
      await phone.fill('5551234567');
      expect(await isInvalid(phone)).toBe(false);
      expect(await isInvalid(content)).toBe(true);
      expect(calls).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
  it('Reset Password (the mailed-code form), sent empty: each field beside it, focus on the first', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page, errors } = await e2e.open(viewport);
      const dialogs = failOnDialogs(page);
      await page.goto('/reset_password');
      await control(page, 'I already have a code').click();
      const calls = requestsUnder(page, '/api/auth/password/');
      await control(page, 'Reset Password').click();
      const main = page.getByRole('main');
      const email = field(main, 'Email');
      expect(await fieldErrorText(email)).toBe(english(AUTH_MESSAGES.resetEmailRequired));
      expect(await fieldErrorText(field(main, 'OTP'))).toBe(
        english(AUTH_MESSAGES.resetOtpRequired),
      );
      expect(await fieldErrorText(field(main, 'New Password'))).toBe(
        english(AUTH_MESSAGES.resetNewPasswordRequired),
      );
      expect(await isFocused(page, email)).toBe(true);
      expect(await main.getByRole('alert').count()).toBe(0);
      await shot(page, 'reset-code-empty', viewport, H9_SHOTS);
      expect(await accessibilityViolations(page)).toEqual([]);
      expect(calls).toEqual([]);
      expect(dialogs).toEqual([]);
      expect(errors).toEqual([]);
    }
  });
});

describe('/guest for a signed-in client', () => {
  it('goes to their own home instead of greeting them as a guest', async () => {
    for (const viewport of [DESKTOP, PHONE]) {
      const { page } = await e2e.open(viewport);
      const client = await aClient(e2e.server, 'guestvisit');
      const home = await logInAsClient(page, client);
      await page.goto('/guest');
      await shown(home.logOut);
      expect(new URL(page.url()).pathname).toBe('/');
      expect(await page.getByText('Welcome, Guest!').count()).toBe(0);
      await shown(home.greeting(client.username));
      await shot(page, 'guest-url-signed-in', viewport);
    }
  });
});
