// What the browser benchmarks (bundle-size, lighthouse, offline-reload) share: the production
// web build, the real server serving it on 127.0.0.1 with a fresh SQLite file, users signed in
// the way the app restores them (the login cookie plus the tab's copy of the user), and the
// routes with their budgets. Not a *.bench.ts file, so run-all.ts does not run it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { Db } from '#server/db/kysely';
import type { Role } from '#server/db/schema';
import { DIST_DIR, buildWeb, isBuildFresh } from '../../scripts/web-build.ts';
import { createSignedInUser } from '../support/factories.ts';
import { listenLocally } from './api-bench-support.ts';
import {
  GUEST_USER,
  LOGIN_HINT_STORAGE_KEY,
  loginHint,
  SESSION_USER_STORAGE_KEY,
  type SessionUser,
} from '#client/session/session-user';

export interface WebServer {
  app: FastifyInstance;
  db: Db;
  /** http://127.0.0.1:<port> */
  baseUrl: string;
  close(): Promise<void>;
}

/**
 * BENCH_STATIC_DIR when set (a build to compare, e.g. of an older commit); else dist/ when it
 * is a fresh build of the current sources; else a new build in a temp folder.
 */
function webBuild(): { dir: string; dispose(): void } {
  const given = process.env.BENCH_STATIC_DIR;
  if (given !== undefined && given !== '') {
    const dir = path.resolve(given);
    if (!fs.existsSync(path.join(dir, 'index.html'))) throw new Error(`${dir} has no index.html`);
    console.log(`web build: ${dir} (BENCH_STATIC_DIR)`);
    return { dir, dispose: () => undefined };
  }
  if (isBuildFresh(DIST_DIR)) {
    console.log('web build: reusing dist/ (fresh)');
    return { dir: DIST_DIR, dispose: () => undefined };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-bench-build-'));
  console.log('web build: dist/ is missing or stale, building into a temp folder');
  if (!buildWeb(dir, 'warn')) throw new Error('vite build failed');
  return { dir, dispose: () => fs.rmSync(dir, { recursive: true, force: true }) };
}

/** The production server (API and built app) on 127.0.0.1, as `npm start` runs it. */
export async function startWebServer(): Promise<WebServer> {
  const build = webBuild();
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-bench-'));
  // The build bakes SITE_TITLE / CLIENT_ID / CLIENT_AUTH_KEY from this environment: the
  // server reads the same ones, like `npm start`.
  const config = {
    ...loadConfig({
      ...process.env,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      STATIC_DIR: build.dir,
    }),
    rateLimitScale: 1_000_000,
  };
  const app = await buildApp(config);
  return {
    app,
    db: app.ctx.opened.db,
    baseUrl: await listenLocally(app),
    async close() {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
      build.dispose();
    },
  };
}

/** What a browser holds after a login: the cookie (none for the Guest) and the tab's user. */
export interface BrowserLogin {
  user: SessionUser;
  cookie: { name: string; value: string } | null;
}

/** A new account of the role with a real login session (the Guest has neither). */
export async function loginAs(db: Db, role: Role | 'GUEST'): Promise<BrowserLogin> {
  if (role === 'GUEST') return { user: GUEST_USER, cookie: null };
  const made = await createSignedInUser(db, { role, password: null });
  const [name = '', value = ''] = made.cookie.split('=', 2);
  const user: SessionUser = {
    username: made.username,
    userId: made.id,
    role,
    email: made.email,
    phone: made.phone,
  };
  return { user, cookie: { name, value } };
}

/** The login cookie in the context's cookie jar (the Guest has none). */
export async function addLoginCookie(
  context: BrowserContext,
  baseUrl: string,
  login: BrowserLogin,
): Promise<void> {
  if (login.cookie === null) return;
  await context.addCookies([{ ...login.cookie, url: baseUrl, httpOnly: true, sameSite: 'Lax' }]);
}

/**
 * Makes the context hold the login before any page runs: the cookie, and in every page the
 * tab's copy of the user (sessionStorage) and the "has logged in" hint, as a login leaves them.
 */
export async function holdLogin(
  context: BrowserContext,
  baseUrl: string,
  login: BrowserLogin,
): Promise<void> {
  await addLoginCookie(context, baseUrl, login);
  await context.addInitScript(
    ({ userKey, hintKey, user, hint }) => {
      sessionStorage.setItem(userKey, JSON.stringify(user));
      if (hint !== null) localStorage.setItem(hintKey, hint);
    },
    {
      userKey: SESSION_USER_STORAGE_KEY,
      hintKey: LOGIN_HINT_STORAGE_KEY,
      user: login.user,
      hint: loginHint(login.user),
    },
  );
}

export interface RouteCase {
  name: string;
  /** Who is signed in (null: nobody). */
  role: Role | 'GUEST' | null;
  /** Issue 21's budget for the JavaScript the route ships, KB gzip (issue 7's was 150 / 250). */
  budgetKb: number;
  /** Something on screen only once the route has rendered. */
  ready(page: Page): Locator;
}

export const ROUTES: RouteCase[] = [
  {
    name: 'landing (/ signed out)',
    role: null,
    budgetKb: 110,
    ready: (page) => page.getByRole('button', { name: 'Sign up', exact: true }),
  },
  {
    name: 'client home',
    role: 'CLIENT',
    budgetKb: 180,
    ready: (page) => page.getByRole('main').getByText('Make a New Order', { exact: true }),
  },
  {
    name: 'guest home',
    role: 'GUEST',
    budgetKb: 180,
    ready: (page) => page.getByRole('heading', { name: 'Welcome, Guest!' }),
  },
  {
    name: 'volunteer dashboard',
    role: 'VOLUNTEER',
    budgetKb: 180,
    ready: (page) => page.getByRole('region', { name: 'Assigned Orders', exact: true }),
  },
  {
    name: 'admin home',
    role: 'ADMIN',
    budgetKb: 180,
    ready: (page) => page.getByRole('heading', { name: 'Admin Dashboard' }),
  },
];

export function median(values: number[]): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)] ?? Number.NaN;
}
