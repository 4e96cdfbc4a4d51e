// Issue 21: a first visit's landing shows a story and four buttons without Dexie, zod or the
// router (ARCHITECTURE.md "How the landing stays light"). Every script the page fetches until
// it is idle is read for a mark of each library, so an import that drags one back in fails
// here, not only as a figure in `npm run bench -- bundle`. Leaving the landing then loads them.
// Service workers are blocked, as in the bench: a first visit before the worker is installed
// (its install starts the offline layer, by design: offline/offline-layer.ts).
import { describe, expect, it, onTestFinished } from 'vitest';
import type { Page } from 'playwright-core';
import { collectPageErrors, PHONE } from '../support/chromium.ts';
import { LANDING_NAV, LandingPage } from './pages/landing-page.ts';
import { useE2e } from './helpers/harness.ts';
import { shown } from './helpers/waits.ts';

const e2e = useE2e();

/** Strings that survive minification, one per library (its error class, its global key). */
const MARKS = { dexie: 'DatabaseClosedError', zod: 'ZodError', router: '__TSR' } as const;

type Library = keyof typeof MARKS;

/** The text of every script the page fetches from now on: `read()` waits for all so far. */
function recordScripts(page: Page): { read(): Promise<string[]> } {
  const bodies: Promise<string>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') {
      bodies.push(response.text().catch(() => ''));
    }
  });
  return { read: () => Promise.all(bodies) };
}

function librariesIn(bodies: string[]): Library[] {
  return (Object.keys(MARKS) as Library[]).filter((name) =>
    bodies.some((body) => body.includes(MARKS[name])),
  );
}

describe('the landing', () => {
  it('shows without Dexie, zod or the router, which load once the visitor leaves it', async () => {
    const context = await e2e.browser.newContext({
      viewport: PHONE,
      locale: 'en-US',
      serviceWorkers: 'block',
      baseURL: e2e.server.baseUrl,
    });
    onTestFinished(() => context.close());
    const page = await context.newPage();
    const errors = collectPageErrors(page);
    const scripts = recordScripts(page);
    const landing = new LandingPage(page);
    await page.goto('/');
    for (const name of LANDING_NAV) await shown(landing.navButton(name));
    await page.waitForLoadState('networkidle');
    const landingScripts = await scripts.read();
    expect(landingScripts.length).toBeGreaterThan(0);
    expect(librariesIn(landingScripts)).toEqual([]);

    await landing.navButton('Guest').click();
    await page.waitForURL('**/guest');
    // The guest home shows its catalogue, read from the device's copy (Dexie), checked
    // without zod (contracts/checks: no role's home loads zod).
    await shown(page.getByRole('heading', { name: 'Welcome, Guest!' }));
    // Not vacuous: the marks are found where the libraries are.
    expect(librariesIn(await scripts.read()).sort()).toEqual(['dexie', 'router']);
    expect(errors).toEqual([]);
  });
});
