// The shared screens pass axe's WCAG 2.1 A/AA rules at phone size: landing, login (with its
// error), sign-up (both steps, with an error showing), password recovery (both steps), the
// feedback and 'JOIN US' forms with their errors, profile, client home, the outbox's 'Needs
// attention' list and the Session Expired modal. By keyboard (issue 7 item 6): Tab reaches every
// control of these screens, logging in works from the keyboard, and the Session Expired and
// outbox dialogs take focus, keep it and give it back.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import type { Page } from 'playwright-core';
import { LandingPage } from './pages/landing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { RegisterPage } from './pages/register-page.ts';
import { ResetPasswordPage } from './pages/reset-password-page.ts';
import { SessionExpiredModal } from './pages/app-shell.ts';
import { accessibilityViolations, AxeLog } from './helpers/axe.ts';
import { checkDialogKeyboard, tabThroughPage, WELL_BEHAVED } from './helpers/keyboard.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { fieldErrorText } from './pages/controls.ts';
import { FeedbackForm, JoinUsForm, type Application } from './pages/outbox-forms.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import { controlledByWorker } from './pages/outbox-worker.ts';
import { uniqueUsername } from '../support/e2e-server.ts';
import {
  forgetEachNewSecureSession,
  forgetSecureSessions,
  rememberSecureSessionsAgain,
} from './helpers/broken-server.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();

describe('accessibility', () => {
  it('signed-out screens', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await shown(new LandingPage(page).login);
    expect(await accessibilityViolations(page)).toEqual([]);

    const login = new LoginPage(page);
    await login.goto();
    await login.logIn.click();
    // The refusals beside the fields (issue 20 item 6).
    expect(await fieldErrorText(login.username)).toBe(english(AUTH_MESSAGES.loginUsernameRequired));
    expect(await accessibilityViolations(page)).toEqual([]);

    const register = new RegisterPage(page);
    await register.goto();
    await register.fillStepOne({ username: 'rita1' });
    // The refusal beside the field (issue 20 item 8).
    expect(await fieldErrorText(register.username)).toBe(
      'Username can only contain English letters',
    );
    expect(await accessibilityViolations(page)).toEqual([]);
    await register.fillStepOne({ username: 'rita' });
    await shown(register.password);
    expect(await accessibilityViolations(page)).toEqual([]);

    const reset = new ResetPasswordPage(page);
    await reset.goto();
    expect(await accessibilityViolations(page)).toEqual([]);
    await reset.requestCode(`${uniqueUsername('nobody')}@example.org`);
    await shown(reset.verifyHeading);
    expect(await accessibilityViolations(page)).toEqual([]);
    // Opened from a mail's link: the email filled in, a note, "I already have a code" first.
    await page.goto('/reset_password?email=nobody%40example.org');
    await shown(reset.requestHeading);
    await shown(reset.haveCode);
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('the feedback and JOIN US forms with their errors', async () => {
    const { page } = await e2e.open();
    const axe = new AxeLog(page);
    const feedback = new FeedbackForm(page);
    await feedback.goto();
    await axe.scan('feedback');
    await feedback.submit.click();
    expect(await fieldErrorText(feedback.content)).toBe('Feedback content cannot be empty.');
    await axe.scan('feedback with an error');
    const join = new JoinUsForm(page);
    await join.goto();
    await axe.scan('JOIN US');
    await join.submit.click();
    // Every refusal at once beside its field (issue 20 item 6), focus on the first.
    expect(await fieldErrorText(join.firstName)).toBe('First name is required');
    expect(await fieldErrorText(join.phone)).toBe('Invalid phone number');
    expect(await join.firstName.evaluate((el) => el === document.activeElement)).toBe(true);
    await axe.scan('JOIN US with an error');
    expect(axe.found).toEqual([]);
  });

  it("the outbox's Needs attention list", async () => {
    const { page } = await e2e.open();
    await page.goto('/volunteerAppli');
    await controlledByWorker(page);
    await new JoinUsForm(page).sendWithARefusedCopy(anApplication());
    const bar = new OfflineStatusBar(page);
    await shown(bar.pendingCount('1 needs attention'));
    const axe = new AxeLog(page);
    await axe.scan('status bar with a refused change');
    const outbox = await bar.openOutbox('1 needs attention');
    await shown(outbox.entries('Needs attention').first());
    await axe.scan('outbox dialog, Needs attention');
    await outbox.close.click();
    await gone(outbox.root);
    expect(axe.found).toEqual([]);

    expect(await checkDialogKeyboard(bar.pendingCount('1 needs attention'), outbox.root)).toEqual(
      WELL_BEHAVED,
    );
  });

  it('signed-in screens and the Session Expired modal', async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'ada');
    const home = await logInAsClient(page, client);
    expect(await accessibilityViolations(page)).toEqual([]);
    await home.profile.click();
    const profile = new ProfilePage(page);
    await shown(profile.heading);
    // The email panel: unproven (with its code field and an error), then proven.
    await shown(profile.emailUnproven);
    await profile.verifyEmail.click();
    await shown(profile.error);
    expect(await accessibilityViolations(page)).toEqual([]);
    await e2e.server.db
      .updateTable('users')
      .set({ email_verified: 1 })
      .where('id', '=', client.id)
      .execute();
    await page.reload();
    await shown(profile.emailProven);
    expect(await accessibilityViolations(page)).toEqual([]);

    await forgetEachNewSecureSession(e2e.server.db);
    try {
      await forgetSecureSessions(e2e.server.db);
      await profile.newUsername.fill('adanew');
      await profile.submit.click();
      await shown(new SessionExpiredModal(page).dialog);
      expect(await accessibilityViolations(page)).toEqual([]);
    } finally {
      await rememberSecureSessionsAgain(e2e.server.db);
    }
  });
});

function anApplication(): Application {
  const name = uniqueUsername('axe');
  return {
    firstName: 'Ada',
    lastName: 'Axe',
    email: `${name}@example.org`,
    phone: '555-010-2030',
  };
}

/** Tab from the top of `path` (already shown) round the page: what it never reached. */
async function missedOn(page: Page, where: string): Promise<string[]> {
  return (await tabThroughPage(page)).missed.map((m) => `${where}: ${m}`);
}

describe('keyboard', () => {
  it('signed out: Tab reaches every control, and logging in works from the keyboard', async () => {
    const { page } = await e2e.open();
    const client = await aClient(e2e.server, 'keys');
    const missed: string[] = [];
    await page.goto('/');
    const landing = new LandingPage(page);
    await shown(landing.login);
    missed.push(...(await missedOn(page, 'landing')));
    for (const [path, screen] of [
      ['/register', new RegisterPage(page).heading],
      ['/reset_password', new ResetPasswordPage(page).requestHeading],
      ['/feedback', new FeedbackForm(page).heading],
      ['/volunteerAppli', new JoinUsForm(page).heading],
    ] as const) {
      await page.goto(path);
      await shown(screen);
      missed.push(...(await missedOn(page, path)));
    }
    await page.goto('/');
    await landing.login.focus();
    await page.keyboard.press('Enter');
    const login = new LoginPage(page);
    await shown(login.heading);
    missed.push(...(await missedOn(page, 'login')));
    expect(missed).toEqual([]);

    await login.username.fill(client.username);
    await login.password.fill(client.password);
    await login.password.press('Enter');
    await shown(new ClientHomePage(page).logOut);
  });

  it('signed in: Tab reaches every control of the home and profile; Session Expired traps focus', async () => {
    const { page } = await e2e.open();
    const home = await logInAsClient(page, await aClient(e2e.server, 'keyp'));
    const missed = await missedOn(page, 'client home');
    await home.profile.focus();
    await page.keyboard.press('Enter');
    const profile = new ProfilePage(page);
    await shown(profile.heading);
    missed.push(...(await missedOn(page, 'profile')));
    expect(missed).toEqual([]);

    await forgetEachNewSecureSession(e2e.server.db);
    try {
      await forgetSecureSessions(e2e.server.db);
      await profile.newUsername.fill('adanew');
      const modal = new SessionExpiredModal(page);
      expect(await checkDialogKeyboard(profile.submit, modal.dialog)).toEqual(WELL_BEHAVED);
    } finally {
      await rememberSecureSessionsAgain(e2e.server.db);
    }
  });
});
