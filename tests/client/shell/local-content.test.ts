// @vitest-environment jsdom
// Whether the startup may open offline (DESIGN.md "Offline rules" 8): a first visit may not; an
// installed app may, even before its offline layer mirrored anything (CI caught an installed
// app's landing showing 'Security Error' when the network went before the first mirror).
import { afterEach, describe, expect, it } from 'vitest';
import { hasLocalContent } from '#client/shell/local-content';

function servedByWorker(controller: object | null): void {
  Object.defineProperty(navigator, 'serviceWorker', {
    configurable: true,
    value: { controller },
  });
}

afterEach(() => {
  delete (navigator as { serviceWorker?: unknown }).serviceWorker;
});

describe('local content', () => {
  it('is none on a first visit (no user, no worker, nothing mirrored)', async () => {
    expect(await hasLocalContent()).toBe(false);
    servedByWorker(null);
    expect(await hasLocalContent()).toBe(false);
  });

  it('is there when the app is installed: its service worker serves the page', async () => {
    servedByWorker({ scriptURL: '/sw.js' });
    expect(await hasLocalContent()).toBe(true);
  });
});
