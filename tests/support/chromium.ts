// Debian's Chromium driven by playwright-core (no downloaded browsers). One browser per spec
// file, a new context per test: service workers, storage and cookies are per context, and each
// spec file's server listens on its own port, so origins never overlap between files.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  chromium,
  type Browser,
  type BrowserContext,
  type LaunchOptions,
  type Page,
} from 'playwright-core';

export const CHROMIUM_PATH = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

export const PHONE = { width: 390, height: 844 } as const;
export const DESKTOP = { width: 1280, height: 800 } as const;
export type Viewport = typeof PHONE | typeof DESKTOP;

const SCREENSHOT_DIR = path.resolve(import.meta.dirname, '../../test-results/e2e');

/** This machine's Chromium flags: no sandbox (root), and no calls home (the network is closed). */
export const CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
  '--disable-quic',
] as const;

const LAUNCH_OPTIONS: LaunchOptions = {
  executablePath: CHROMIUM_PATH,
  headless: true,
  args: [...CHROMIUM_FLAGS],
};

export function launchChromium(): Promise<Browser> {
  return chromium.launch(LAUNCH_OPTIONS);
}

/**
 * A fresh context (own storage, cookies, service workers) and its first page; with a baseURL,
 * page.goto('/login') resolves against it.
 */
export async function newPage(
  browser: Browser,
  viewport: Viewport = PHONE,
  baseURL?: string,
  locale = 'en-US',
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await browser.newContext({
    viewport,
    locale,
    serviceWorkers: 'allow',
    ...(baseURL === undefined ? {} : { baseURL }),
  });
  // Fail fast: nothing in this app should take seconds on 127.0.0.1, even on a busy machine.
  context.setDefaultTimeout(15_000);
  const page = await context.newPage();
  return { context, page };
}

export interface PersistentChromium {
  context: BrowserContext;
  page: Page;
  close(): Promise<void>;
}

/**
 * A persistent (non-incognito) profile in a temp folder. Chromium's installability check
 * (DevTools Page.getInstallabilityErrors) reports 'in-incognito' for ordinary contexts.
 */
export async function launchPersistent(viewport: Viewport = PHONE): Promise<PersistentChromium> {
  const userDataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-chromium-'));
  const context = await chromium.launchPersistentContext(userDataDir, {
    ...LAUNCH_OPTIONS,
    viewport,
    locale: 'en-US',
  });
  const page = context.pages()[0] ?? (await context.newPage());
  return {
    context,
    page,
    async close() {
      await context.close();
      fs.rmSync(userDataDir, { recursive: true, force: true });
    },
  };
}

/** The installability errors Chromium reports for the page (empty = installable). */
export async function installabilityErrors(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  try {
    const { installabilityErrors: errors } = await cdp.send('Page.getInstallabilityErrors');
    return errors.map((e) => e.errorId);
  } finally {
    await cdp.detach();
  }
}

/** Full-page PNG at test-results/e2e/<name>.png (gitignored); returns the path. */
export async function screenshot(page: Page, name: string): Promise<string> {
  fs.mkdirSync(SCREENSHOT_DIR, { recursive: true });
  const file = path.join(SCREENSHOT_DIR, `${name}.png`);
  await page.screenshot({ path: file, fullPage: true, animations: 'disabled' });
  return file;
}

/** Chromium logs every 4xx reply as a console error; for /api calls those are normal flow. */
function isApiRefusal(text: string, url: string): boolean {
  return /status of 4\d\d/.test(text) && new URL(url, 'http://x').pathname.startsWith('/api/');
}

/**
 * Collects uncaught page errors and console errors, so a spec can assert the app ran clean
 * (a CSP violation, a missing asset or an unhandled rejection shows up here and nowhere else).
 */
export function collectPageErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
  page.on('console', (message) => {
    if (message.type() !== 'error') return;
    const text = message.text();
    const where = message.location().url;
    if (isApiRefusal(text, where)) return;
    errors.push(`console: ${text}${where === '' ? '' : ` (${where})`}`);
  });
  return errors;
}
