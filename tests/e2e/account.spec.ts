// The foundation's account round trip in Chromium (issue #2): sign up in two steps, log in,
// update the profile, log out — against the real server and its database.
import { describe, expect, it } from 'vitest';
import { screenshot } from '../support/chromium.ts';
import { uniqueUsername } from '../support/e2e-server.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { LANDING_NAV, LandingPage } from './pages/landing-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { ProfilePage } from './pages/profile-page.ts';
import { RegisterPage } from './pages/register-page.ts';
import { statusOf, storedSessionUser } from './helpers/browser-state.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e();

function userRow(username: string) {
  return e2e.server.db
    .selectFrom('users')
    .selectAll()
    .where('username_key', '=', username.toLowerCase())
    .executeTakeFirst();
}

describe('account round trip', () => {
  it('signs up in two steps, logs in, updates the phone number and logs out', async () => {
    const { page, context, errors } = await e2e.open();
    const username = uniqueUsername('rita');
    const password = 'streets2024';

    await page.goto('/');
    const landing = new LandingPage(page);
    await landing.signUp.click();

    const register = new RegisterPage(page);
    await shown(register.heading);
    await shown(register.secureEstablished);
    await register.username.fill(username);
    await register.email.fill(`${username}@example.org`);
    await register.phone.fill('5551234567');
    await screenshot(page, 'register-step1-phone');
    await register.next.click();
    await shown(register.password);
    await register.firstName.fill('Rita');
    await register.lastName.fill('Moreno');
    await register.password.fill(password);
    await register.confirmPassword.fill(password);
    await screenshot(page, 'register-step2-phone');
    await register.signUp.click();
    // The success note stays 2 s, then the login page (spec section 9).
    await page.waitForURL('**/login', { timeout: 10_000 });

    const created = await userRow(username);
    expect(created).toMatchObject({
      username,
      email: `${username}@example.org`,
      phone: '5551234567',
      first_name: 'Rita',
      last_name: 'Moreno',
      role: 'CLIENT',
    });
    expect(created?.password_hash).toMatch(/^\$argon2id\$/);

    const login = new LoginPage(page);
    await shown(login.heading);
    await login.logInAs(username, password);
    const home = new ClientHomePage(page);
    await shown(home.logOut);
    expect(new URL(page.url()).pathname).toBe('/');
    await shown(home.greeting(username));
    await screenshot(page, 'client-home-phone');
    expect(await storedSessionUser(page)).toMatchObject({
      username,
      userId: created?.id,
      role: 'CLIENT',
    });
    // The login cookie, and the device cookie that keeps this browser past others' failures.
    const cookies = await context.cookies();
    const strict = cookies.filter((c) => c.httpOnly && c.sameSite === 'Strict');
    expect(strict.map((c) => c.name).sort()).toEqual(['sm_device', 'sm_login']);

    await home.profile.click();
    const profile = new ProfilePage(page);
    await shown(profile.heading);
    await profile.choose('Phone Number');
    await profile.newPhone.fill('5559876543');
    await profile.currentPassword.fill(password);
    await profile.submit.click();
    // The server's message, else the client's own; then home after 1.5 s.
    await shown(page.getByRole('main').getByRole('status'));
    await screenshot(page, 'profile-updated-phone');
    expect((await userRow(username))?.phone).toBe('5559876543');
    await page.waitForURL((url) => url.pathname === '/', { timeout: 10_000 });
    expect(await storedSessionUser(page)).toMatchObject({ phone: '5559876543' });

    await home.logOut.click();
    for (const name of LANDING_NAV) await shown(landing.navButton(name));
    expect(await storedSessionUser(page)).toBeNull();
    expect(await statusOf(page, '/api/auth/me')).toBe(401);
    expect(errors).toEqual([]);
  });
});
