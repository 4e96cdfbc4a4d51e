// Issue 21's JavaScript budgets (issue 7's, tightened): the scripts a browser really downloads to show each route
// (entry, lazy chunks, modulepreloads), in Debian's Chromium against the production server,
// signed in as the route's role. Service workers are blocked for the measurement, so the
// worker script and its precache downloads (every chunk of the app) are not counted; what is
// left is what the page itself asks for. Sizes are gzip level 9 of each script's bytes (the
// Content-Encoding the server used and the bytes on the wire are printed too), summed per
// route.
// Budgets: landing ≤ 110 KB gzip, each role's home ≤ 180 KB (issue 21; issue 7 allowed 150 and
// 250). The landing of a first visit loads no Dexie (offline/offline-layer.ts) and no zod.
// Prints figures only.
import { gzipSync } from 'node:zlib';
import type { Browser, Page, Response } from 'playwright-core';

import { launchChromium, PHONE } from '../support/chromium.ts';
import {
  holdLogin,
  loginAs,
  ROUTES,
  startWebServer,
  type RouteCase,
  type WebServer,
} from './web-bench-support.ts';

const KB = 1000;

interface ScriptSize {
  file: string;
  rawBytes: number;
  gzipBytes: number;
  /** The body's size on the wire (compressed when the server compressed it). */
  wireBytes: number;
  encoding: string;
}

async function sizeOf(response: Response): Promise<ScriptSize> {
  const body = await response.body();
  return {
    file: new URL(response.url()).pathname,
    rawBytes: body.length,
    gzipBytes: gzipSync(body, { level: 9 }).length,
    wireBytes: (await response.request().sizes()).responseBodySize,
    encoding: (await response.headerValue('content-encoding')) ?? 'identity',
  };
}

/** Every script response of the page until the route has rendered and the network is idle. */
async function scriptsFor(page: Page, route: RouteCase): Promise<ScriptSize[]> {
  const pending: Promise<ScriptSize>[] = [];
  page.on('response', (response) => {
    if (response.request().resourceType() === 'script') pending.push(sizeOf(response));
  });
  await page.goto('/');
  await route.ready(page).waitFor();
  await page.waitForLoadState('networkidle');
  return Promise.all(pending);
}

async function measureRoute(
  browser: Browser,
  server: WebServer,
  route: RouteCase,
): Promise<ScriptSize[]> {
  const context = await browser.newContext({
    viewport: PHONE,
    baseURL: server.baseUrl,
    serviceWorkers: 'block',
  });
  try {
    if (route.role !== null) {
      await holdLogin(context, server.baseUrl, await loginAs(server.db, route.role));
    }
    return await scriptsFor(await context.newPage(), route);
  } finally {
    await context.close();
  }
}

function kb(bytes: number): string {
  return (bytes / KB).toFixed(1);
}

function report(route: RouteCase, scripts: ScriptSize[]): void {
  const gzip = scripts.reduce((sum, s) => sum + s.gzipBytes, 0);
  const raw = scripts.reduce((sum, s) => sum + s.rawBytes, 0);
  const wire = scripts.reduce((sum, s) => sum + s.wireBytes, 0);
  const verdict = gzip <= route.budgetKb * KB ? 'within budget' : 'OVER BUDGET';
  console.log(
    `${route.name.padEnd(24)} ${kb(gzip).padStart(7)} KB gzip  (${kb(raw)} KB raw, ${kb(wire)} KB on the wire, ` +
      `${String(scripts.length)} scripts)   budget ${String(route.budgetKb)} KB   ${verdict}`,
  );
  const encodings = [...new Set(scripts.map((s) => s.encoding))].join(', ');
  console.log(`  served with Content-Encoding: ${encodings}`);
  for (const s of [...scripts].sort((a, b) => b.gzipBytes - a.gzipBytes).slice(0, 6)) {
    console.log(`  ${kb(s.gzipBytes).padStart(7)} KB  ${s.file}`);
  }
}

async function main(): Promise<void> {
  const server = await startWebServer();
  const browser = await launchChromium();
  try {
    console.log('JavaScript per route (KB = 1000 bytes; gzip -9 of the bytes downloaded)');
    for (const route of ROUTES) report(route, await measureRoute(browser, server, route));
  } finally {
    await browser.close();
    await server.close();
  }
}

await main();
