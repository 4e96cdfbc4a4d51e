// The login screen's messages (spec sections 5 and 8 "Login") against the real server.
import { describe, expect, it } from 'vitest';
import { AUTH_MESSAGES } from '#shared/rules/auth';
import { screenshot } from '../support/chromium.ts';
import { createUser, uniqueUsername } from '../support/e2e-server.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { fieldErrorText, isInvalid } from './pages/controls.ts';
import { LoginPage } from './pages/login-page.ts';
import { SessionExpiredModal } from './pages/app-shell.ts';
import {
  forgetEachNewSecureSession,
  forgetSecureSessions,
  rememberSecureSessionsAgain,
  withoutLoginSessionsTable,
} from './helpers/broken-server.ts';
import { storedSessionUser } from './helpers/browser-state.ts';
import { dropRequests } from './helpers/network.ts';
import { useE2e } from './helpers/harness.ts';
import { logRequests } from './helpers/request-log.ts';
import { shown } from './helpers/waits.ts';
import { english } from '../support/english.ts';

const e2e = useE2e();
const PASSWORD = 'bandages42';

async function aClient(): Promise<{ username: string; email: string; id: number }> {
  const username = uniqueUsername('leo');
  const email = `${username}@example.org`;
  const { id } = await createUser(e2e.server.db, { username, email, password: PASSWORD });
  return { username, email, id };
}

describe('login', () => {
  it('asks for both fields before calling the server', async () => {
    const { page } = await e2e.open();
    const login = new LoginPage(page);
    const calls = logRequests(page, '/api/auth/login');
    await login.goto();
    await login.logIn.click();
    expect(await fieldErrorText(login.username)).toBe(english(AUTH_MESSAGES.loginUsernameRequired));
    expect(await fieldErrorText(login.password)).toBe(english(AUTH_MESSAGES.loginPasswordRequired));
    await login.username.fill('someone');
    expect(await isInvalid(login.username)).toBe(false);
    await login.logIn.click();
    expect(await fieldErrorText(login.password)).toBe(english(AUTH_MESSAGES.loginPasswordRequired));
    await login.username.fill('');
    await login.password.fill(PASSWORD);
    await login.logIn.click();
    expect(await fieldErrorText(login.username)).toBe(english(AUTH_MESSAGES.loginUsernameRequired));
    expect(await isInvalid(login.password)).toBe(false);
    expect(await login.error.count()).toBe(0);
    await screenshot(page, 'login-required-phone');
    expect(calls.count()).toBe(0);
  });

  it("shows the server's 'Invalid username or password' for a wrong password or unknown user", async () => {
    const { page, errors } = await e2e.open();
    const user = await aClient();
    const login = new LoginPage(page);
    await login.goto();
    await login.logInAs(user.username, 'wrongpass1');
    await shown(login.error);
    expect(await login.error.textContent()).toBe('Invalid username or password');
    await screenshot(page, 'login-wrong-password-phone');

    await login.logInAs(uniqueUsername('nobody'), PASSWORD);
    await shown(login.error);
    expect(await login.error.textContent()).toBe('Invalid username or password');
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(await storedSessionUser(page)).toBeNull();
    const sessions = await e2e.server.db
      .selectFrom('login_sessions')
      .select('id')
      .where('user_id', '=', user.id)
      .execute();
    expect(sessions).toHaveLength(0);
    expect(errors).toEqual([]);
  });

  it('logs in with the email (in any case) after a failed attempt', async () => {
    const { page } = await e2e.open();
    const user = await aClient();
    const login = new LoginPage(page);
    await login.goto();
    await login.logInAs(user.email, 'wrongpass1');
    await shown(login.error);
    await login.logInAs(user.email.toUpperCase(), PASSWORD);
    await shown(new ClientHomePage(page).logOut);
    expect(await login.error.count()).toBe(0);
    expect(await storedSessionUser(page)).toMatchObject({
      username: user.username,
      userId: user.id,
      role: 'CLIENT',
    });
  });

  it('links to password recovery, sign-up and back home', async () => {
    const { page } = await e2e.open();
    const login = new LoginPage(page);
    await login.goto();
    await screenshot(page, 'login-phone');
    await login.forgotPassword.click();
    await page.waitForURL('**/reset_password');
    await login.goto();
    await login.signUp.click();
    await page.waitForURL('**/register');
    await login.goto();
    await login.goBack.click();
    await page.waitForURL((url) => url.pathname === '/');
  });

  it("says 'Server error. Your session may have expired.' on a 500 and opens Session Expired", async () => {
    const { page } = await e2e.open();
    const user = await aClient();
    const login = new LoginPage(page);
    await login.goto();
    await withoutLoginSessionsTable(e2e.server.db, () => login.logInAs(user.username, PASSWORD));
    await shown(login.error);
    expect(await login.error.textContent()).toBe('Server error. Your session may have expired.');
    const modal = new SessionExpiredModal(page);
    await shown(modal.dialog);
    await screenshot(page, 'login-server-error-phone');
    await modal.cancelButton.click();
    expect(await storedSessionUser(page)).toBeNull();
  });

  it("says 'Your session has expired.' when the secure session cannot be renewed", async () => {
    const { page } = await e2e.open();
    const user = await aClient();
    const login = new LoginPage(page);
    await login.goto();
    await forgetEachNewSecureSession(e2e.server.db);
    try {
      await forgetSecureSessions(e2e.server.db);
      await login.username.fill(user.username);
      await login.password.fill(PASSWORD);
      await login.logIn.click();
      await shown(login.error);
      expect(await login.error.textContent()).toBe('Your session has expired.');
      await shown(new SessionExpiredModal(page).dialog);
    } finally {
      await rememberSecureSessionsAgain(e2e.server.db);
    }
  });

  it("says 'Login error: ...' when the server cannot be reached", async () => {
    const { page } = await e2e.open();
    const login = new LoginPage(page);
    await login.goto();
    await dropRequests(page, '**/api/auth/login');
    await login.username.fill('someone');
    await login.password.fill(PASSWORD);
    await login.logIn.click();
    await shown(login.error);
    expect(await login.error.textContent()).toMatch(/^Login error: .+/);
  });
});
