// Issue 7's Lighthouse goal (mobile performance ≥ 95) for the landing page, the client home
// and the volunteer dashboard: Lighthouse 12 with its default mobile settings (Moto G Power
// screen, simulated slow 4G and 4× CPU slowdown) on Debian's Chromium, against the production
// server on 127.0.0.1. Signed-in pages are audited as an installed app reopens them: the
// login cookie and the "has logged in" hint are on the device (set through Playwright over
// the same DevTools port), so startup asks GET /api/auth/me. Each audit gets a new Chromium
// with an empty profile: a cold load whose device holds nothing but that login (Lighthouse's
// own reset clears caches and workers but leaves IndexedDB, and warns about what it finds).
// Each page is audited RUNS times and the median-score run reported. Prints figures only.
// LIGHTHOUSE_PAGES=dashboard LIGHTHOUSE_RUNS=9 narrows a run to one page, more often.
// LIGHTHOUSE_CPU_SLOWDOWN=6 scales the simulated CPU by 6 instead of 4: how the pages fare on
// a machine a third slower than this one (the benchmark index printed says how fast it is).
// Each page is audited in English and in Spanish (a browser whose languages are es-ES, es: the
// Spanish catalogues load before the first render); LIGHTHOUSE_LANGUAGES=es narrows it.
import { spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import lighthouse, { type Result } from 'lighthouse';
import { chromium } from 'playwright-core';
import { LOGIN_HINT_STORAGE_KEY, loginHint } from '#client/session/session-user';
import { CHROMIUM_FLAGS, CHROMIUM_PATH } from '../support/chromium.ts';
import {
  addLoginCookie,
  loginAs,
  ROUTES,
  startWebServer,
  type RouteCase,
  type WebServer,
} from './web-bench-support.ts';

const REPORT_DIR = path.resolve(import.meta.dirname, '../../test-results/lighthouse');
/** Audits per page (LIGHTHOUSE_RUNS, default 3); the median-score run is reported. */
const RUNS = Number(process.env.LIGHTHOUSE_RUNS ?? 3);
const AUDITED = ['landing (/ signed out)', 'client home', 'volunteer dashboard'];
/** LIGHTHOUSE_PAGES: audit only the pages whose names contain one of these words. */
const PICKED = process.env.LIGHTHOUSE_PAGES?.split(',') ?? null;
/** Lighthouse's mobile default is 4. */
const CPU_SLOWDOWN = Number(process.env.LIGHTHOUSE_CPU_SLOWDOWN ?? 4);
const picked = (name: string) => PICKED === null || PICKED.some((word) => name.includes(word));
/** The browser's language for each pass (Chromium's --lang and Accept-Language). */
const BROWSER_LANGUAGES = { en: 'en-US', es: 'es-ES' } as const;
type BrowserLanguage = keyof typeof BROWSER_LANGUAGES;
const LANGUAGES = (process.env.LIGHTHOUSE_LANGUAGES?.split(',') ?? ['en', 'es']).filter(
  (language): language is BrowserLanguage => language in BROWSER_LANGUAGES,
);
const METRICS = [
  ['FCP', 'first-contentful-paint'],
  ['LCP', 'largest-contentful-paint'],
  ['TBT', 'total-blocking-time'],
  ['CLS', 'cumulative-layout-shift'],
  ['SI', 'speed-index'],
] as const;

interface DebuggableChromium {
  port: number;
  close(): Promise<void>;
}

/** Chromium with a DevTools port both Lighthouse and Playwright attach to. */
async function launchDebuggable(language: BrowserLanguage): Promise<DebuggableChromium> {
  const profile = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-lighthouse-'));
  const locale = BROWSER_LANGUAGES[language];
  const child: ChildProcess = spawn(
    CHROMIUM_PATH,
    [
      '--headless',
      ...CHROMIUM_FLAGS,
      `--lang=${locale}`,
      `--accept-lang=${locale},${language}`,
      '--remote-debugging-port=0',
      `--user-data-dir=${profile}`,
      'about:blank',
    ],
    { stdio: 'ignore' },
  );
  const portFile = path.join(profile, 'DevToolsActivePort');
  for (let i = 0; i < 200 && !fs.existsSync(portFile); i++) await sleep(50);
  const port = Number(fs.readFileSync(portFile, 'utf8').split('\n')[0]);
  return {
    port,
    async close() {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      child.kill();
      await exited;
      // Chromium's helper processes may still be writing the profile for a moment.
      await fs.promises.rm(profile, {
        recursive: true,
        force: true,
        maxRetries: 20,
        retryDelay: 100,
      });
    },
  };
}

/**
 * Leaves the route's login on the device as a relaunched app finds it (the cookie and the
 * "has logged in" hint; no tab copy of the user), or nothing for the landing. Playwright
 * attaches only for this and detaches before the audit.
 */
async function prepareDevice(port: number, server: WebServer, route: RouteCase): Promise<void> {
  if (route.role === null) return;
  const cdp = await chromium.connectOverCDP(`http://127.0.0.1:${String(port)}`);
  try {
    const context = cdp.contexts()[0];
    if (context === undefined) throw new Error('Chromium has no default context');
    const login = await loginAs(server.db, route.role);
    await addLoginCookie(context, server.baseUrl, login);
    const hint = loginHint(login.user);
    if (hint === null) return;
    const page = await context.newPage();
    // A static file of the origin: the app never starts, so no worker is registered here.
    await page.goto(`${server.baseUrl}/favicon.svg`);
    await page.evaluate(([key, value]) => localStorage.setItem(key, value), [
      LOGIN_HINT_STORAGE_KEY,
      hint,
    ] as const);
    await page.close();
  } finally {
    await cdp.close();
  }
}

/** The full report, for the details behind the figures (test-results/ is gitignored). */
function save(name: string, result: Result): string {
  fs.mkdirSync(REPORT_DIR, { recursive: true });
  const file = path.join(REPORT_DIR, `${name.replace(/[^a-z]+/g, '-')}.json`);
  fs.writeFileSync(file, JSON.stringify(result));
  return path.relative(process.cwd(), file);
}

function scoreOf(result: Result): number | null {
  const score = result.categories.performance?.score ?? null;
  return score === null ? null : Math.round(score * 100);
}

/** The run with the median score (Lighthouse's advice for noisy machines), unmeasured first. */
function medianRun(results: Result[]): Result {
  const sorted = [...results].sort((a, b) => (scoreOf(a) ?? -1) - (scoreOf(b) ?? -1));
  const middle = sorted[Math.floor(sorted.length / 2)];
  if (middle === undefined) throw new Error('no Lighthouse run');
  return middle;
}

function report(name: string, results: Result[]): void {
  const result = medianRun(results);
  const scores = results.map((r) => String(scoreOf(r) ?? 'n/a')).join(', ');
  const figures = METRICS.map(
    ([label, id]) => `${label} ${result.audits[id]?.displayValue ?? '?'}`,
  );
  const shown = String(scoreOf(result) ?? 'n/a');
  console.log(`${name.padEnd(29)} performance ${shown.padStart(3)}   ${figures.join('   ')}`);
  // Simulated throttling scales the CPU time seen here by 4: on a slow or busy machine (a low
  // benchmark index; ~1000+ on a typical desktop) the CPU-bound figures (TBT) come out worse.
  const index = results.map((r) => String(Math.round(r.environment.benchmarkIndex))).join(', ');
  console.log(
    `  scores of the ${String(results.length)} runs: ${scores}; machine benchmark index ${index}`,
  );
  const opportunities = Object.values(result.audits)
    .filter((a) => a.score !== null && a.score < 0.9 && a.details?.type === 'opportunity')
    .map((a) => `${a.title}${a.displayValue === undefined ? '' : ` (${a.displayValue})`}`);
  if (opportunities.length > 0) console.log(`  to improve: ${opportunities.join('; ')}`);
  if (result.runtimeError !== undefined) {
    console.log(`  Lighthouse could not measure: ${result.runtimeError.message}`);
  }
  if (result.runWarnings.length > 0) console.log(`  warnings: ${result.runWarnings.join('; ')}`);
  console.log(`  full report (median run): ${save(name, result)}`);
}

async function audit(port: number, url: string): Promise<Result> {
  const run = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance'],
    // Merged into the mobile defaults: only the CPU factor changes.
    throttling: { cpuSlowdownMultiplier: CPU_SLOWDOWN },
  });
  if (run === undefined) throw new Error(`Lighthouse returned nothing for ${url}`);
  return run.lhr;
}

/** One audit of the route's home in a Chromium of its own, on a device prepared for it. */
async function auditCold(
  server: WebServer,
  route: RouteCase,
  language: BrowserLanguage,
): Promise<Result> {
  const browser = await launchDebuggable(language);
  try {
    await prepareDevice(browser.port, server, route);
    return await audit(browser.port, `${server.baseUrl}/`);
  } finally {
    await browser.close();
  }
}

async function main(): Promise<void> {
  const server = await startWebServer();
  try {
    console.log(
      `Lighthouse 12, mobile (simulated throttling, CPU ×${String(CPU_SLOWDOWN)}), ` +
        `median of ${String(RUNS)} runs; ` +
        'goal: performance ≥ 95',
    );
    for (const route of ROUTES.filter((r) => AUDITED.includes(r.name) && picked(r.name))) {
      for (const language of LANGUAGES) {
        const results: Result[] = [];
        for (let run = 0; run < RUNS; run++) {
          results.push(await auditCold(server, route, language));
        }
        report(`${route.name} [${language}]`, results);
      }
    }
  } finally {
    await server.close();
  }
}

await main();
