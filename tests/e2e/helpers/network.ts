// The network between the page and the real server: hold requests (to see a state that lasts
// only as long as a request, like the startup overlay on 127.0.0.1) or drop them (the signal
// gives out). The server's answers are never faked.
import type { BrowserContext, Page, Route } from 'playwright-core';

export interface HeldRoute {
  /** Resolves when the first matching request arrived; rejects after timeoutMs. */
  arrived(timeoutMs?: number): Promise<void>;
  /** Lets every held (and later) request through. */
  release(): void;
}

export async function holdRoute(page: Page, pattern: string): Promise<HeldRoute> {
  let markArrived: () => void = () => undefined;
  const arrived = new Promise<void>((resolve) => (markArrived = resolve));
  let letGo: () => void = () => undefined;
  const gate = new Promise<void>((resolve) => (letGo = resolve));
  await page.route(pattern, async (route) => {
    markArrived();
    await gate;
    await route.continue();
  });
  return {
    arrived: (timeoutMs = 10_000) =>
      Promise.race([
        arrived,
        new Promise<never>((_resolve, reject) =>
          setTimeout(() => reject(new Error(`no request to ${pattern}`)), timeoutMs),
        ),
      ]),
    // The route stays installed with an open gate: unrouting while a handler is mid-flight
    // makes Playwright treat that request as handled already.
    release: letGo,
  };
}

/** Matching requests fail as if the connection dropped (fetch rejects in the page). */
export async function dropRequests(page: Page, pattern: string): Promise<void> {
  await page.route(pattern, (route) => route.abort('internetdisconnected'));
}

/** Aborts a request as a dropped connection does (set while the device is offline). */
const abortOffline = (route: Route) => route.abort('internetdisconnected');

/**
 * The device loses (or regains) its network. Chromium's offline emulation alone let a queued
 * feedback reach the server once in a CI run while the context was offline (its cause inside
 * Chromium was not found; ~30 local runs never showed it), so every request that still leaves
 * the context is also aborted as a dropped connection. What the service worker serves from its
 * cache is not a request to the network and still loads, as on a phone without a signal.
 */
export async function setDeviceOffline(context: BrowserContext, offline: boolean): Promise<void> {
  if (offline) {
    await context.setOffline(true);
    await context.route('**/*', abortOffline);
  } else {
    await context.unroute('**/*', abortOffline);
    await context.setOffline(false);
  }
}
