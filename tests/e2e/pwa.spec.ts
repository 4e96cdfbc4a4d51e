// The installable PWA (issue 3; DESIGN.md offline rule 5): a new build's worker waits and is
// offered with "A new version is ready — Reload" (never forced), and Reload lets it take over;
// the manifest and worker meet Chromium's install criteria, as Chromium itself reports them.
// This file's server serves a copy of the build, so a new version can be published mid-test
// by changing the copy's sw.js, as a deploy does.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, inject, it } from 'vitest';
import type { Page } from 'playwright-core';
import { installabilityErrors, launchPersistent, screenshot } from '../support/chromium.ts';
import { LandingPage } from './pages/landing-page.ts';
import { OfflineStatusBar } from './pages/outbox-status.ts';
import {
  activeWorker,
  checkForUpdate,
  hasWaitingWorker,
  isControlled,
} from './pages/outbox-worker.ts';
import { useE2e } from './helpers/harness.ts';
import { gone, shown } from './helpers/waits.ts';

const staticDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-pwa-build-'));
fs.cpSync(inject('e2eStaticDir'), staticDir, { recursive: true });
afterAll(() => fs.rmSync(staticDir, { recursive: true, force: true }));

const e2e = useE2e({ staticDir });

const swFile = path.join(staticDir, 'sw.js');
const firstSw = fs.readFileSync(swFile, 'utf8');
let builds = 1;

/**
 * Publishes a new build: sw.js changes (so the browser installs it as a new worker), and the
 * new worker answers 'which build?' so a spec can tell which one controls the page.
 */
function publishNewBuild(): string {
  builds += 1;
  const name = `build ${builds}`;
  fs.writeFileSync(
    swFile,
    `${firstSw}\n;self.addEventListener('message', (event) => {
  if (event.data && event.data.type === 'E2E_WHICH_BUILD') event.ports[0].postMessage(${JSON.stringify(name)});
});\n`,
  );
  return name;
}

/** The build of the worker controlling the page ('build 1' for the one from the first run). */
async function controllingBuild(page: Page): Promise<string> {
  return page.evaluate(
    () =>
      new Promise<string>((resolve) => {
        const controller = navigator.serviceWorker.controller;
        if (controller === null) throw new Error('no worker controls the page');
        const channel = new MessageChannel();
        channel.port1.onmessage = (event) => resolve(String(event.data));
        setTimeout(() => resolve('build 1'), 1_000);
        controller.postMessage({ type: 'E2E_WHICH_BUILD' }, [channel.port2]);
      }),
  );
}

async function reloadToUpdate(page: Page, bar: OfflineStatusBar): Promise<void> {
  await shown(bar.updatePrompt);
  expect(await bar.updatePrompt.textContent()).toBe('A new version is ready — Reload');
  expect(await hasWaitingWorker(page)).toBe(true);
  await Promise.all([page.waitForEvent('load'), bar.reload.click()]);
}

describe('a new version', () => {
  it("is offered with 'A new version is ready — Reload', and Reload lets it take over", async () => {
    const { page, errors } = await e2e.open();
    await page.goto('/');
    await activeWorker(page);
    await page.reload(); // a tab the worker controlled from its start
    expect(await isControlled(page)).toBe(true);
    const bar = new OfflineStatusBar(page);
    const landing = new LandingPage(page);
    await shown(landing.login);
    expect(await bar.updatePrompt.count()).toBe(0);

    const next = publishNewBuild();
    await checkForUpdate(page); // what the app's hourly check does
    await shown(bar.updatePrompt);
    // Offered, not forced: the old worker still controls the page.
    expect(await controllingBuild(page)).not.toBe(next);
    await screenshot(page, 'pwa-update-prompt-phone');

    await reloadToUpdate(page, bar);
    await shown(landing.login);
    expect(await controllingBuild(page)).toBe(next);
    expect(await hasWaitingWorker(page)).toBe(false);
    await gone(bar.updatePrompt);
    expect(errors).toEqual([]);
  });

  it('takes over on Reload in a tab opened before the first worker was installed', async () => {
    const { page } = await e2e.open();
    await page.goto('/');
    await activeWorker(page); // installed during this visit; no reload since
    const bar = new OfflineStatusBar(page);
    const next = publishNewBuild();
    await checkForUpdate(page);
    await reloadToUpdate(page, bar);
    await shown(new LandingPage(page).login);
    expect(await controllingBuild(page)).toBe(next);
    await gone(bar.updatePrompt);
  });
});

interface ManifestIcon {
  src: string;
  sizes: string;
  type?: string;
  purpose?: string;
}

interface Manifest {
  name?: string;
  short_name?: string;
  theme_color?: string;
  background_color?: string;
  start_url?: string;
  display?: string;
  icons?: ManifestIcon[];
}

/** Width and height from a PNG's IHDR chunk. */
function pngSize(bytes: Buffer): string {
  expect(bytes.subarray(1, 4).toString('latin1')).toBe('PNG');
  return `${bytes.readUInt32BE(16)}x${bytes.readUInt32BE(20)}`;
}

describe('installability', () => {
  it('meets Chromium’s install criteria: no installability errors', async () => {
    // A persistent profile: an ordinary (incognito) context always reports 'in-incognito'.
    const chromium = await launchPersistent();
    try {
      const { page } = chromium;
      await page.goto(`${e2e.server.baseUrl}/`);
      await activeWorker(page);
      await expect.poll(() => installabilityErrors(page), { timeout: 15_000 }).toEqual([]);
    } finally {
      await chromium.close();
    }
  });

  it('has a manifest with names, theme colour, start URL, standalone display and icons', async () => {
    const base = e2e.server.baseUrl;
    const html = await (await fetch(`${base}/`)).text();
    expect(html).toContain('<link rel="manifest" href="/manifest.webmanifest">');
    const manifest = (await (await fetch(`${base}/manifest.webmanifest`)).json()) as Manifest;
    expect(manifest).toMatchObject({
      name: 'StreetMed Supply',
      short_name: 'StreetMed',
      theme_color: '#0f5c4d',
      start_url: '/',
      display: 'standalone',
    });
    const icons = manifest.icons ?? [];
    const seen: string[] = [];
    for (const icon of icons) {
      const reply = await fetch(new URL(icon.src, base));
      expect(reply.status).toBe(200);
      expect(reply.headers.get('content-type')).toBe('image/png');
      const size = pngSize(Buffer.from(await reply.arrayBuffer()));
      expect(size).toBe(icon.sizes);
      seen.push(`${size}${icon.purpose === undefined ? '' : ` ${icon.purpose}`}`);
    }
    expect(seen.sort()).toEqual(['192x192', '512x512', '512x512 maskable']);
  });
});
