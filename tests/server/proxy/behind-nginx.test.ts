// Issue 14 item 2, shown for real: the production server (`src/server/main.ts`, configured by
// environment only) behind Debian's nginx, both on loopback. Clients connect to nginx from
// 127.0.0.2 and 127.0.0.3 (loopback addresses too), so nginx's $remote_addr, and the
// X-Forwarded-For it sends, differ per client; the app sees every request come from nginx
// (127.0.0.1).
// - TRUST_PROXY=127.0.0.1: one client's failures and request limits do not touch the other's,
//   and a client cannot pick its address by sending X-Forwarded-For itself.
// - TRUST_PROXY unset: X-Forwarded-For changes nothing; every limit follows the socket's
//   address (behind nginx: everyone is nginx, which is why a deployment sets TRUST_PROXY).
// Skipped only when nginx is missing outside CI; under CI=true it must run (.ci/run installs it).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startServerProcess, type ServerProcess } from '../../../scripts/lib/server-process.ts';
import { NGINX, requestFrom, startNginx, type HttpReply, type RunningNginx } from './nginx.ts';

const canRun = fs.existsSync(NGINX) || process.env.CI === 'true';

const ADMIN = 'proxyowner';
const PASSWORD = 'Owner-pass-2026';
const THROTTLED = {
  status: 'error',
  authenticated: false,
  message: 'Too many failed sign-in attempts. Try again later.',
  error: 'RATE_LIMITED',
};

/** Where a request goes: an nginx site's port or the app's own. */
interface Route {
  port: number;
}

function signIn(from: string, to: Route, password: string, headers: Record<string, string> = {}) {
  return requestFrom(
    from,
    to.port,
    'POST',
    '/api/auth/login',
    { username: ADMIN, password },
    headers,
  );
}

async function wrongPasswords(
  from: string,
  to: Route,
  count: number,
  spoof?: (i: number) => string,
) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const headers: Record<string, string> =
      spoof === undefined ? {} : { 'x-forwarded-for': spoof(i) };
    statuses.push((await signIn(from, to, `wrongpass${i}`, headers)).status);
  }
  return statuses;
}

function requestReset(from: string, to: Route, headers: Record<string, string> = {}) {
  return requestFrom(
    from,
    to.port,
    'POST',
    '/api/auth/password/request-reset',
    { email: 'nobody@example.org' },
    headers,
  );
}

const statusOf = (reply: HttpReply) => reply.status;

describe.skipIf(!canRun)('the real server behind a real nginx', () => {
  const dirs: string[] = [];
  let trusting: ServerProcess | undefined;
  let direct: ServerProcess | undefined;
  let nginx: RunningNginx | undefined;
  /** nginx → the app with TRUST_PROXY=127.0.0.1 */
  let viaTrusting: Route;
  /** nginx → the app without TRUST_PROXY */
  let viaDirect: Route;
  /** the app without TRUST_PROXY, no proxy in between */
  let straight: Route;

  const start = (env: Record<string, string>) => {
    const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-proxy-'));
    dirs.push(dataDir);
    return startServerProcess({
      dataDir,
      env: {
        LOG_LEVEL: 'warn',
        ADMIN_USERNAME: ADMIN,
        ADMIN_PASSWORD: PASSWORD,
        STATIC_DIR: path.join(dataDir, 'no-build'),
        ...env,
      },
    });
  };

  beforeAll(async () => {
    [trusting, direct] = await Promise.all([start({ TRUST_PROXY: '127.0.0.1' }), start({})]);
    nginx = await startNginx([{ upstream: trusting.baseUrl }, { upstream: direct.baseUrl }]);
    viaTrusting = { port: nginx.ports[0] ?? 0 };
    viaDirect = { port: nginx.ports[1] ?? 0 };
    straight = { port: direct.port };
  }, 120_000);

  afterAll(async () => {
    await nginx?.stop();
    await Promise.all([trusting?.stop('SIGTERM'), direct?.stop('SIGTERM')]);
    for (const dir of dirs) fs.rmSync(dir, { recursive: true, force: true });
  });

  it('TRUST_PROXY set: one client address\u2019s failed sign-ins do not touch another\u2019s', async () => {
    expect(await wrongPasswords('127.0.0.2', viaTrusting, 5)).toEqual([401, 401, 401, 401, 401]);
    const refused = await signIn('127.0.0.2', viaTrusting, PASSWORD);
    expect(refused.status).toBe(429);
    expect(refused.json).toEqual(THROTTLED);
    // Claiming another address in X-Forwarded-For: nginx appends the real one, and the app
    // believes only what its trusted proxy (127.0.0.1) added.
    const spoofed = await signIn('127.0.0.2', viaTrusting, PASSWORD, {
      'x-forwarded-for': '127.0.0.3',
    });
    expect(spoofed.status).toBe(429);
    // The other client, through the same proxy, signs in; a same-site browser POST (Origin
    // and Host agree through the proxy) passes the cross-site guard.
    const other = await signIn('127.0.0.3', viaTrusting, PASSWORD, {
      origin: `http://127.0.0.1:${viaTrusting.port}`,
    });
    expect(other.status).toBe(200);
  });

  it('TRUST_PROXY set: per-address request limits follow the client address', async () => {
    const first = [];
    for (let i = 0; i < 11; i++) first.push(statusOf(await requestReset('127.0.0.4', viaTrusting)));
    expect(first.slice(0, 10)).toEqual(Array<number>(10).fill(200));
    expect(first[10]).toBe(429);
    expect((await requestReset('127.0.0.5', viaTrusting)).status).toBe(200);
  });

  it('TRUST_PROXY unset: X-Forwarded-For changes nothing, limits follow the socket address', async () => {
    // Straight to the app from 127.0.0.6, each failure claiming another address.
    const statuses = await wrongPasswords('127.0.0.6', straight, 5, (i) => `203.0.113.${i + 1}`);
    expect(statuses).toEqual([401, 401, 401, 401, 401]);
    const spoofed = await signIn('127.0.0.6', straight, PASSWORD, {
      'x-forwarded-for': '198.51.100.77',
    });
    expect(spoofed.status).toBe(429);
    expect(spoofed.json).toEqual(THROTTLED);
    // Another socket address is another client.
    expect((await signIn('127.0.0.7', straight, PASSWORD)).status).toBe(200);

    // Behind nginx without TRUST_PROXY every client is nginx's address: the forwarded
    // addresses are ignored, so one client's failures count for the other.
    expect(await wrongPasswords('127.0.0.2', viaDirect, 5)).toEqual([401, 401, 401, 401, 401]);
    const other = await signIn('127.0.0.3', viaDirect, PASSWORD);
    expect(other.status).toBe(429);
    expect(other.json).toEqual(THROTTLED);
  });

  it('TRUST_PROXY unset: the request limits are shared through the proxy too', async () => {
    for (let i = 0; i < 10; i++) {
      const headers = { 'x-forwarded-for': `192.0.2.${i + 1}` };
      expect((await requestReset('127.0.0.4', viaDirect, headers)).status).toBe(200);
    }
    expect(
      (await requestReset('127.0.0.5', viaDirect, { 'x-forwarded-for': '192.0.2.99' })).status,
    ).toBe(429);
  });

  it('a bad TRUST_PROXY refuses to start with a clear message', async () => {
    await expect(start({ TRUST_PROXY: '10.0.0.0/33' })).rejects.toThrow(
      /TRUST_PROXY must be "true", a hop count .*"10\.0\.0\.0\/33" is not one/,
    );
  });
});
