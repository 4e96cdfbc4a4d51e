// Issue 18: Redis stopped mid-run (a redis-server of this test's own, SIGKILLed). The server
// keeps answering, every reply fast (no command waits for a Redis that is gone):
// - rate limits fail OPEN: past the limit requests still pass (an outage must not stop people
//   ordering supplies);
// - the sign-in throttle falls back to this process's memory: password guessing is still
//   refused after 5 failures, and the owner still signs in;
// - GET /api/ready says 503 (the balancer may prefer a process that sees Redis), /api/health
//   stays 200.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { DEVICE_COOKIE } from '#server/auth/device-cookie';
import { LOGOUT_RATE_LIMIT } from '#server/auth/login.routes';
import { loadConfig } from '#server/config';
import { createUser } from '../../support/factories.ts';
import { freshPrefix, redisRuns, startOwnRedis, type OwnRedis } from './redis-support.ts';

/** Well under a second: nothing waits for Redis' command timeout twice, nothing hangs. */
const FAST_MS = 1500;

async function timed(run: () => Promise<LightMyRequestResponse>) {
  const started = performance.now();
  const res = await run();
  return { res, ms: performance.now() - started };
}

describe.runIf(redisRuns)('Redis stopped mid-run', () => {
  let redis: OwnRedis;
  let app: FastifyInstance;
  let dataDir = '';
  beforeAll(async () => {
    redis = await startOwnRedis();
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-outage-'));
    app = await buildApp({
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        STATIC_DIR: path.join(dataDir, 'x'),
      }),
      rateLimitScale: 1,
      redisUrl: redis.url,
      redisPrefix: freshPrefix('outage'),
    });
  });
  afterAll(async () => {
    await app.close();
    await redis.kill();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  const logout = (from: string) =>
    timed(() =>
      app.inject({ method: 'POST', url: '/api/auth/logout', remoteAddress: from, payload: {} }),
    );
  const login = (from: string, username: string, password: string, device?: string) =>
    timed(() =>
      app.inject({
        method: 'POST',
        url: '/api/auth/login',
        remoteAddress: from,
        headers: device === undefined ? {} : { cookie: `${DEVICE_COOKIE}=${device}` },
        payload: { username, password },
      }),
    );

  it('serves on, failing open for rate limits and closed for guessing, and says not ready', async () => {
    const db = app.ctx.opened.db;
    const owner = await createUser(db);
    const signedIn = await login('10.19.0.1', owner.username, owner.password!);
    expect(signedIn.res.statusCode).toBe(200);
    const device = signedIn.res.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    expect((await app.inject({ method: 'GET', url: '/api/ready' })).statusCode).toBe(200);
    // While Redis answers, the limit holds.
    const before: number[] = [];
    for (let i = 0; i <= LOGOUT_RATE_LIMIT; i++)
      before.push((await logout('10.19.1.1')).res.statusCode);
    expect(before.at(-1)).toBe(429);

    await redis.kill();

    const ready = await timed(() => app.inject({ method: 'GET', url: '/api/ready' }));
    expect(ready.res.statusCode).toBe(503);
    expect(ready.res.json()).toMatchObject({ status: 'error', error: 'SERVICE_UNAVAILABLE' });
    expect(ready.ms).toBeLessThan(FAST_MS);
    expect((await app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);

    // Rate limits fail open: the address over its limit passes again, quickly.
    for (let i = 0; i < LOGOUT_RATE_LIMIT + 2; i++) {
      const { res, ms } = await logout('10.19.1.1');
      expect(res.statusCode).toBe(200);
      expect(ms).toBeLessThan(FAST_MS);
    }

    // Guessing is still refused (counted in this process's memory) ...
    const guesses: number[] = [];
    for (let i = 0; i < 7; i++) {
      const { res, ms } = await login('10.19.2.1', owner.username, `wrongpass${i}`);
      expect(ms).toBeLessThan(FAST_MS);
      guesses.push(res.statusCode);
    }
    expect(guesses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    // ... and the owner signs in, from a new address and from the guessed-at one with the
    // browser's device cookie.
    expect((await login('10.19.3.1', owner.username, owner.password!)).res.statusCode).toBe(200);
    const known = await login('10.19.2.1', owner.username, owner.password!, device);
    expect(known.res.statusCode).toBe(200);
  });
});
