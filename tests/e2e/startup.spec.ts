// Startup: the full-screen overlay while the key exchange runs, then the landing page
// (spec section 2 "Startup" and "Routes").
import { describe, expect, it } from 'vitest';
import { DESKTOP, PHONE, screenshot } from '../support/chromium.ts';
import { AppShell, STARTUP_TEXT } from './pages/app-shell.ts';
import { LANDING_NAV, LandingPage } from './pages/landing-page.ts';
import { useE2e } from './helpers/harness.ts';
import { holdRoute } from './helpers/network.ts';
import { gone, shown } from './helpers/waits.ts';

const e2e = useE2e();

const SPANISH_STARTUP_TEXT = 'Estableciendo una conexión segura...';

/** A device: its browser's language and, if the person chose one here, that choice. */
const DEVICES = [
  { locale: 'es-ES', chosen: null, lang: 'es', text: SPANISH_STARTUP_TEXT },
  { locale: 'en-US', chosen: 'es', lang: 'es', text: SPANISH_STARTUP_TEXT },
  { locale: 'es-ES', chosen: 'en', lang: 'en', text: STARTUP_TEXT },
] as const;

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

  // Before the entry script (~80 KB) arrives the page is not blank: index.html carries the
  // startup screen, in the device's language (scripts/lib/startup-screen-plugin.ts).
  it.each(DEVICES)(
    'paints the startup screen before any module runs ($locale, chosen: $chosen)',
    async ({ locale, chosen, lang, text }) => {
      const { page, errors } = await e2e.open(PHONE, locale);
      if (chosen !== null)
        await page.addInitScript((choice) => {
          localStorage.setItem('streetmed.language', choice);
        }, chosen);
      const held = await holdRoute(page, '**/assets/index-*.js');
      await page.goto('/', { waitUntil: 'commit' });
      await held.arrived();
      const overlay = page.getByRole('status');
      await shown(overlay.getByText(text, { exact: true }));
      await expect.poll(() => page.locator('html').getAttribute('lang')).toBe(lang);
      // The other language's words are in the page but never shown (nor read out).
      expect(await overlay.innerText()).toBe(text);
      if (chosen === null) await screenshot(page, `startup-static-${lang}-phone`);

      held.release();
      await gone(overlay.getByText(text, { exact: true }));
      expect(errors).toEqual([]);
    },
  );

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
