// The foundation's screens pass axe's WCAG 2.1 A/AA rules at phone size: landing, login,
// sign-up (both steps, with an error showing), password recovery, profile, client home, and
// the Session Expired modal.
import { describe, expect, it } from 'vitest';
import { LandingPage } from './pages/landing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { RegisterPage } from './pages/register-page.ts';
import { ResetPasswordPage } from './pages/reset-password-page.ts';
import { SessionExpiredModal } from './pages/app-shell.ts';
import { accessibilityViolations } from './helpers/axe.ts';
import {
  forgetEachNewSecureSession,
  forgetSecureSessions,
  rememberSecureSessionsAgain,
} from './helpers/broken-server.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';

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
    await shown(login.error);
    expect(await accessibilityViolations(page)).toEqual([]);

    const register = new RegisterPage(page);
    await register.goto();
    await register.fillStepOne({ username: 'rita1' });
    await shown(register.error);
    expect(await accessibilityViolations(page)).toEqual([]);
    await register.fillStepOne({ username: 'rita' });
    await shown(register.password);
    expect(await accessibilityViolations(page)).toEqual([]);

    const reset = new ResetPasswordPage(page);
    await reset.goto();
    expect(await accessibilityViolations(page)).toEqual([]);
  });

  it('signed-in screens and the Session Expired modal', async () => {
    const { page } = await e2e.open();
    const home = await logInAsClient(page, await aClient(e2e.server, 'ada'));
    expect(await accessibilityViolations(page)).toEqual([]);
    await home.profile.click();
    const profile = new ProfilePage(page);
    await shown(profile.heading);
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
