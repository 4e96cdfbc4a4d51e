// Startup: the full-screen overlay while the key exchange runs, then the landing page
// (spec section 2 "Startup" and "Routes").
import { describe, expect, it } from 'vitest';
import { DESKTOP, screenshot } from '../support/chromium.ts';
import { AppShell } from './pages/app-shell.ts';
import { LANDING_NAV, LandingPage } from './pages/landing-page.ts';
import { useE2e } from './helpers/harness.ts';
import { holdRoute } from './helpers/network.ts';
import { gone, shown } from './helpers/waits.ts';

const e2e = useE2e();

describe('startup', () => {
  it('shows the overlay while the key exchange runs, then the landing page', async () => {
    const { page, errors } = await e2e.open();
    // On 127.0.0.1 the exchange takes milliseconds: hold it so the overlay can be seen.
    const held = await holdRoute(page, '**/api/security/initiate-handshake');
    const shell = new AppShell(page);
    await page.goto('/');
    await held.arrived();
    await shown(shell.startupOverlay);
    await screenshot(page, 'startup-overlay-phone');

    held.release();
    await gone(shell.startupOverlay);
    const landing = new LandingPage(page);
    for (const name of LANDING_NAV) await shown(landing.navButton(name));
    await screenshot(page, 'landing-phone');

    // One completed exchange: the startup and any early request share a single handshake.
    const sessions = await e2e.server.db
      .selectFrom('secure_sessions')
      .select(['id', 'aes_key'])
      .execute();
    expect(sessions).toHaveLength(1);
    expect(sessions[0]?.aes_key).not.toBeNull();
    expect(errors).toEqual([]);
  });

  it('leads from the landing nav to each screen', async () => {
    const { page } = await e2e.open(DESKTOP);
    const landing = new LandingPage(page);
    const targets = [
      ['Volunteer Application', '/volunteerAppli'],
      ['Login', '/login'],
      ['Sign up', '/register'],
      // Last: it makes this tab's session user the Guest, so / is the guest home from then on.
      ['Guest', '/guest'],
    ] as const;
    await page.goto('/');
    await shown(landing.login);
    await screenshot(page, 'landing-desktop');
    for (const [name, path] of targets) {
      await page.goto('/');
      await landing.navButton(name).click();
      await page.waitForURL((url) => url.pathname === path);
    }
  });
});
