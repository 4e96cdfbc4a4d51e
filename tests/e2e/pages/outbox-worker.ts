// The service worker the offline app relies on (sw/sw.ts), seen from the page: whether it is
// active and controls the page, what it keeps in Cache Storage, and asking it for an update
// (what the app's hourly check does).
import type { Page } from 'playwright-core';

export interface ActiveWorker {
  scriptURL: string;
  state: string;
}

/** Resolves once navigator.serviceWorker.ready has an 'activated' worker. */
export async function activeWorker(page: Page): Promise<ActiveWorker> {
  return page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    const worker = registration.active;
    if (worker === null) throw new Error('ready resolved without an active worker');
    if (worker.state !== 'activated') {
      await new Promise<void>((resolve) => {
        worker.addEventListener('statechange', () => {
          if (worker.state === 'activated') resolve();
        });
      });
    }
    return { scriptURL: worker.scriptURL, state: worker.state };
  });
}

export async function isControlled(page: Page): Promise<boolean> {
  return page.evaluate(() => navigator.serviceWorker.controller !== null);
}

/** The worker is active and controls the page (reloading once when it took over late). */
export async function controlledByWorker(page: Page): Promise<void> {
  await activeWorker(page);
  if (!(await isControlled(page))) await page.reload();
  if (!(await isControlled(page))) throw new Error('the service worker does not control the page');
}

/** Every URL in Cache Storage, by cache name. */
export async function cachedUrls(page: Page): Promise<Record<string, string[]>> {
  return page.evaluate(async () => {
    const result: Record<string, string[]> = {};
    for (const name of await caches.keys()) {
      const cache = await caches.open(name);
      result[name] = (await cache.keys()).map((request) => request.url);
    }
    return result;
  });
}

/** Asks the browser to check for a new worker now (the app does it every hour). */
export async function checkForUpdate(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const registration = await navigator.serviceWorker.ready;
    await registration.update();
  });
}

/** Whether a new worker is installed and waiting to take over. */
export async function hasWaitingWorker(page: Page): Promise<boolean> {
  return page.evaluate(async () => (await navigator.serviceWorker.ready).waiting !== null);
}
