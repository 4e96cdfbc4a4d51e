// What the API benchmarks share: the real app (every plugin and hook in place) on a fresh data
// folder, SQLite there unless a PostgreSQL URL is given, with rate limits scaled out of the way;
// listening on 127.0.0.1 once the benchmark has seeded it; and one autocannon run of a GET.
// Not a *.bench.ts file, so run-all.ts does not run it.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import autocannon from 'autocannon';
import pg from 'pg';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '#server/app';
import { loadConfig, type ServerConfig } from '#server/config';

export interface BenchApp {
  app: FastifyInstance;
  config: ServerConfig;
  /** Closes the app and removes its data folder. */
  close: () => Promise<void>;
}

export async function startBenchApp(overrides: Partial<ServerConfig> = {}): Promise<BenchApp> {
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-bench-'));
  const config: ServerConfig = {
    ...loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent', STATIC_DIR: path.join(dataDir, 'x') }),
    rateLimitScale: 1_000_000,
    ...overrides,
  };
  const app = await buildApp(config);
  return {
    app,
    config,
    close: async () => {
      await app.close();
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}

/** Runs `bench` on a fresh app, closed afterwards however `bench` ends. */
export async function withBenchApp(
  bench: (app: FastifyInstance) => Promise<void>,
  overrides: Partial<ServerConfig> = {},
): Promise<void> {
  const { app, close } = await startBenchApp(overrides);
  try {
    await bench(app);
  } finally {
    await close();
  }
}

/** Listens on a free port of 127.0.0.1; returns the base URL (http://127.0.0.1:<port>). */
export async function listenLocally(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  const address = app.server.address();
  if (address === null || typeof address === 'string') throw new Error('no port');
  return `http://127.0.0.1:${address.port}`;
}

export interface GetLoad {
  cookie: string;
  connections: number;
  seconds: number;
}

/** autocannon on one GET with the login cookie; prints req/s, p99 and non-2xx after `label`. */
export async function measureGet(url: string, label: string, load: GetLoad): Promise<void> {
  const result = await autocannon({
    url,
    connections: load.connections,
    duration: load.seconds,
    headers: { cookie: load.cookie },
  });
  const perSecond = result.requests.average.toFixed(0);
  const p99 = result.latency.p99.toFixed(1);
  console.log(
    `${label.padEnd(44)} ${perSecond.padStart(8)} req/s   p99 ${p99} ms   non-2xx ${result.non2xx}`,
  );
}

/** Where a bench makes its scratch PostgreSQL databases (TEST_PG_URL, as the tests). */
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';

/** A fresh PostgreSQL database for one bench and how to drop it; undefined when none answers. */
export async function scratchPostgresDatabase(): Promise<
  { url: string; drop: () => Promise<void> } | undefined
> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `streetmed_bench_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    drop: async () => {
      const c = new pg.Client({ connectionString: PG_ADMIN_URL });
      await c.connect();
      await c.query(`drop database if exists ${name} with (force)`);
      await c.end();
    },
  };
}
