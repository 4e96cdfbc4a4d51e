// The installable shell offline (DESIGN.md offline rules 5, 8 and 9): the service worker
// activates and takes over the page; with the network gone a reload still opens the app — the
// landing page for a visitor who loaded it once, the signed-in user's home for a client (also
// in a fresh tab, whose sessionStorage is empty, as an installed app reopened) — and no /api
// reply is ever kept in Cache Storage.
import { describe, expect, it } from 'vitest';
import type { Page } from 'playwright-core';
import { screenshot } from '../support/chromium.ts';
import { ClientHomePage } from './pages/client-home-page.ts';
import { LANDING_NAV, LandingPage } from './pages/landing-page.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import {
  activeWorker,
  cachedUrls,
  controlledByWorker,
  isControlled,
} from './pages/outbox-worker.ts';
import { aClient, logInAsClient } from './helpers/flows.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e();

/** Cache Storage holds the app shell and nothing from /api (only cargo images may be). */
async function expectNoApiReplyCached(page: Page): Promise<void> {
  const cached = await cachedUrls(page);
  const all = Object.values(cached).flat();
  // Not vacuous: the precache is there, with the shell's index.html.
  expect(all.some((url) => new URL(url).pathname === '/index.html')).toBe(true);
  const api = Object.entries(cached).flatMap(([cache, urls]) =>
    urls
      .filter((url) => new URL(url).pathname.startsWith('/api'))
      .filter((url) => !(cache === 'cargo-images' && url.includes('/api/cargo/images/')))
      .map((url) => `${cache}: ${url}`),
  );
  expect(api).toEqual([]);
}

describe('the service worker', () => {
  it('activates, controls the page after a reload and opens the landing page offline', async () => {
    const { page, context, errors } = await e2e.open();
    const landing = new LandingPage(page);
    await page.goto('/');
    await shown(landing.login);
    const worker = await activeWorker(page);
    expect(new URL(worker.scriptURL).pathname).toBe('/sw.js');
    expect(worker.state).toBe('activated');
    await page.reload();
    await shown(landing.login);
    expect(await isControlled(page)).toBe(true);

    await context.setOffline(true);
    await page.reload();
    for (const name of LANDING_NAV) await shown(landing.navButton(name));
    await shown(new OfflineStatusBar(page).offlineBadge);
    await screenshot(page, 'offline-landing-phone');
    await expectNoApiReplyCached(page);
    expect(errors.filter((e) => !e.includes('ERR_INTERNET_DISCONNECTED'))).toEqual([]);
  });

  it("opens a signed-in client's home offline, in the same tab and in a fresh one", async () => {
    const { page, context } = await e2e.open();
    const client = await aClient(e2e.server, 'olga');
    await logInAsClient(page, client);
    await controlledByWorker(page);
    const home = new ClientHomePage(page);
    await shown(home.logOut);

    await context.setOffline(true);
    await page.reload();
    await shown(home.logOut);
    await shown(home.greeting(client.username));
    await shown(new OfflineStatusBar(page).offlineBadge);
    await screenshot(page, 'offline-client-home-phone');

    // A new tab has no sessionStorage: the user comes from the device copy (offline rule 9).
    const tab = await context.newPage();
    await tab.goto('/');
    const tabHome = new ClientHomePage(tab);
    await shown(tabHome.logOut);
    await shown(tabHome.greeting(client.username));
    await expectNoApiReplyCached(tab);
  });
});
