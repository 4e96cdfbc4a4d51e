// Issue 18: two app instances (two buildApp in this process, each with its own Redis client
// and database pool) on one PostgreSQL database and one Redis behave as one process: one rate
// limit, one sign-in throttle and one device-cookie record across both. Requests alternate
// between the instances. Each count would pass the limit twice over if it lived in each
// process's memory (the control case shows that without REDIS_URL).
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { DEVICE_COOKIE } from '#server/auth/device-cookie';
import { LOGOUT_RATE_LIMIT } from '#server/auth/login.routes';
import { loadConfig, type ServerConfig } from '#server/config';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';
import { createUser, type TestUser } from '../../support/factories.ts';
import { loginFrom } from '../auth/auth-helpers.ts';
import { freshPrefix, redisRuns, redisUrl } from './redis-support.ts';

const postgresRuns = testDialects().includes('postgres');

interface Pair {
  apps: [FastifyInstance, FastifyInstance];
  close(): Promise<void>;
}

/** Two instances of one deployment: one database, one Redis prefix (none: memory only). */
async function startPair(withRedis: boolean): Promise<Pair> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-pair-'));
  const database = await createPostgresDatabase('streetmed_pair');
  const config: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'x') }),
    databaseUrl: database.url,
    rateLimitScale: 1,
    redisUrl: withRedis ? redisUrl : undefined,
    redisPrefix: freshPrefix('pair'),
  };
  const first = await buildApp(config);
  const second = await buildApp(config);
  return {
    apps: [first, second],
    async close() {
      await Promise.all([first.close(), second.close()]);
      await database.drop();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** `count` logouts without a login from `from`, alternating instances; their statuses. */
async function logouts(pair: Pair, from: string, count: number): Promise<number[]> {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const app = pair.apps[i % 2]!;
    const res = await app.inject({
      method: 'POST',
      url: '/api/auth/logout',
      remoteAddress: from,
      payload: {},
    });
    statuses.push(res.statusCode);
  }
  return statuses;
}

/** Wrong passwords for `user` from `from`, alternating instances (device cookie optional). */
async function failures(pair: Pair, from: string, user: TestUser, count: number, device?: string) {
  const statuses: number[] = [];
  for (let i = 0; i < count; i++) {
    const app = pair.apps[i % 2]!;
    statuses.push((await loginFrom(app, from, user.username, `wrongpass${i}`, device)).statusCode);
  }
  return statuses;
}

describe.runIf(postgresRuns && redisRuns)('two instances on one PostgreSQL and Redis', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair(true);
  });
  afterAll(async () => {
    await pair.close();
  });
  const [a, b] = [0, 1] as const;
  const db = () => pair.apps[a].ctx.opened.db;

  it('counts one rate limit across both: the (max+1)-th request is 429 wherever it lands', async () => {
    const statuses = await logouts(pair, '10.18.0.1', LOGOUT_RATE_LIMIT + 2);
    expect(statuses.slice(0, LOGOUT_RATE_LIMIT)).toEqual(Array(LOGOUT_RATE_LIMIT).fill(200));
    expect(statuses.slice(LOGOUT_RATE_LIMIT)).toEqual([429, 429]);
    // Another address has its own count.
    expect(await logouts(pair, '10.18.0.2', 2)).toEqual([200, 200]);
  });

  it('counts one sign-in throttle across both: 5 failures spread over them, then 429', async () => {
    const user = await createUser(db());
    const statuses = await failures(pair, '10.18.1.1', user, 7);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429, 429]);
    const right = await loginFrom(pair.apps[b], '10.18.1.1', user.username, user.password!);
    expect(right.statusCode).toBe(429);
  });

  it('lets a browser with a device cookie from one instance sign in on the other, whatever strangers did', async () => {
    const owner = await createUser(db());
    const first = await loginFrom(pair.apps[a], '10.18.2.1', owner.username, owner.password!);
    expect(first.statusCode).toBe(200);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)?.value;
    expect(device).toBeDefined();
    // Strangers at the owner's address and elsewhere use up every unknown-browser count.
    expect((await failures(pair, '10.18.2.1', owner, 7)).slice(5)).toEqual([429, 429]);
    for (let i = 0; i < 10; i++) await failures(pair, `10.18.3.${i}`, owner, 5);
    expect(
      (await loginFrom(pair.apps[b], '10.18.4.1', owner.username, owner.password!)).statusCode,
    ).toBe(429);
    // The owner's browser, on the other instance, from the same address: signed in.
    const again = await loginFrom(
      pair.apps[b],
      '10.18.2.1',
      owner.username,
      owner.password!,
      device,
    );
    expect(again.statusCode).toBe(200);
  });

  it('counts a known browser’s own failures across both instances', async () => {
    const owner = await createUser(db());
    const first = await loginFrom(pair.apps[b], '10.18.5.1', owner.username, owner.password!);
    const device = first.cookies.find((c) => c.name === DEVICE_COOKIE)!.value;
    const statuses = await failures(pair, '10.18.5.1', owner, 6, device);
    expect(statuses).toEqual([401, 401, 401, 401, 401, 429]);
  });
});

describe.runIf(postgresRuns)('control: two instances without Redis count apart', () => {
  let pair: Pair;
  beforeAll(async () => {
    pair = await startPair(false);
  });
  afterAll(async () => {
    await pair.close();
  });

  it('lets twice the limit through, which is why REDIS_URL exists', async () => {
    const statuses = await logouts(pair, '10.18.9.1', LOGOUT_RATE_LIMIT + 2);
    expect(statuses).toEqual(Array(LOGOUT_RATE_LIMIT + 2).fill(200));
  });
});
