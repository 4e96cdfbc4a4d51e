// One spec file's world: the real server (own port, own SQLite file) and one Chromium, started
// before the file's tests and stopped after them; every test opens fresh contexts, closed after
// it. A failing test leaves a screenshot of each of its pages in test-results/e2e/.
import { afterAll, afterEach, beforeAll } from 'vitest';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import {
  collectPageErrors,
  launchChromium,
  newPage,
  PHONE,
  screenshot,
  type Viewport,
} from '../../support/chromium.ts';
import { startE2eServer, type E2eServer } from '../../support/e2e-server.ts';
import type { ServerConfig } from '#server/config';

export interface OpenedPage {
  context: BrowserContext;
  page: Page;
  /** Uncaught page errors and console errors seen so far. */
  errors: string[];
}

export interface E2eHarness {
  readonly server: E2eServer;
  readonly browser: Browser;
  /** A new context and page at the server's origin (nothing loaded yet), in a browser locale. */
  open(viewport?: Viewport, locale?: string): Promise<OpenedPage>;
}

function slug(text: string): string {
  return text
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 80);
}

export function useE2e(overrides: Partial<ServerConfig> = {}): E2eHarness {
  let server: E2eServer | undefined;
  let browser: Browser | undefined;
  let opened: OpenedPage[] = [];

  beforeAll(async () => {
    [server, browser] = await Promise.all([startE2eServer(overrides), launchChromium()]);
  });

  afterEach(async (ctx) => {
    const failed = ctx.task.result?.state === 'fail';
    const pages = opened;
    opened = [];
    for (const [index, { context, page }] of pages.entries()) {
      if (failed && !page.isClosed()) {
        await screenshot(page, `failed-${slug(ctx.task.name)}-${index}`).catch(() => undefined);
      }
      await context.close();
    }
  });

  afterAll(async () => {
    await browser?.close();
    await server?.close();
  });

  return {
    get server() {
      if (server === undefined) throw new Error('the e2e server is not started yet');
      return server;
    },
    get browser() {
      if (browser === undefined) throw new Error('Chromium is not started yet');
      return browser;
    },
    async open(viewport: Viewport = PHONE, locale?: string) {
      if (browser === undefined || server === undefined) throw new Error('not started yet');
      const { context, page } = await newPage(browser, viewport, server.baseUrl, locale);
      const errors = collectPageErrors(page);
      const entry = { context, page, errors };
      opened.push(entry);
      return entry;
    },
  };
}
