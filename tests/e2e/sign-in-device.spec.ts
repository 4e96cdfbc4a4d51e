// Sign-in throttling never locks the owner out (beyond-spec.md section 1), in real Chromium:
// the browser keeps the device cookie the server sets at sign-in (HttpOnly, SameSite=Strict,
// kept at logout) and sends it with the next sign-in, so a stranger's wrong passwords for the
// account, from the same address, hold back only browsers that never signed in to it.
// Limits at their real size (rateLimitScale 1).
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from '../support/chromium.ts';
import { createUser, uniqueUsername } from '../support/e2e-server.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { LoginPage } from './pages/login-page.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e({ rateLimitScale: 1 });
const PASSWORD = 'bandages42';
const THROTTLED = 'Too many failed sign-in attempts. Try again later.';

async function wrongPassword(username: string): Promise<number> {
  const res = await fetch(`${e2e.server.baseUrl}/api/auth/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username, password: 'wrongpass1' }),
  });
  await res.arrayBuffer();
  return res.status;
}

describe('sign-in with a device cookie', () => {
  it('the owner\u2019s browser signs in after a stranger\u2019s wrong passwords; a new browser waits', async () => {
    const username = uniqueUsername('ada');
    await createUser(e2e.server.db, { username, password: PASSWORD });

    // The owner signs in once on this browser, then logs out.
    const owner = await e2e.open();
    const ownerLogin = new LoginPage(owner.page);
    await ownerLogin.goto();
    await ownerLogin.logInAs(username, PASSWORD);
    const home = new ClientHomePage(owner.page);
    await shown(home.logOut);
    await home.logOut.click();
    await owner.page.waitForURL((url) => url.pathname === '/');
    // The client's home is at / already: wait for the logout's reply to end the login cookie.
    await expect
      .poll(async () => (await owner.context.cookies()).some((c) => c.name === 'sm_login'))
      .toBe(false);
    const device = (await owner.context.cookies()).find((c) => c.name === 'sm_device');
    expect(device).toMatchObject({ httpOnly: true, sameSite: 'Strict', path: '/api/auth' });

    // Someone else tries passwords for the account (same address: no cookie, five failures).
    const statuses: number[] = [];
    for (let i = 0; i < 6; i++) statuses.push(await wrongPassword(username));
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);

    // A browser that never signed in to the account is held back, with the right password.
    for (const viewport of [undefined, DESKTOP]) {
      const stranger = await e2e.open(viewport);
      const strangerLogin = new LoginPage(stranger.page);
      await strangerLogin.goto();
      await strangerLogin.logInAs(username, PASSWORD);
      await shown(strangerLogin.error);
      expect(await strangerLogin.error.textContent()).toBe(THROTTLED);
      await screenshot(
        stranger.page,
        `sign-in-throttled-${viewport === undefined ? 'phone' : 'desktop'}`,
      );
      expect(stranger.errors).toEqual([]);
    }

    // The owner's browser is not.
    await ownerLogin.goto();
    await ownerLogin.logInAs(username, PASSWORD);
    await shown(home.logOut);
    expect(await ownerLogin.error.count()).toBe(0);
    await screenshot(owner.page, 'sign-in-device-owner-phone');
    expect(owner.errors).toEqual([]);
  });
});
