// `npm run soak`: the production server (built web app, `node --import tsx src/server/main.ts`
// as a child process on 127.0.0.1) under a mixed workload from autocannon — catalogue reads,
// client orders, completions, sign-ups and their cancellations, admin lists; writes sealed with
// an Idempotency-Key as the web client sends them — first on SQLite in a temp DATA_DIR, then on
// a fresh PostgreSQL database (skipped when 127.0.0.1:5432 does not answer). Prints throughput,
// p50/p99 latency and non-2xx/error counts, in total and per kind of request. Figures only; it
// asserts nothing. Self-stopping: a hard time limit, children killed and temp data removed on
// any exit. SOAK_SECONDS (60) and SOAK_CONNECTIONS (100) shorten or widen a run; SOAK_LOG_DIR
// keeps the servers' logs. `npm run soak -- outbox` runs the offline outbox's model test
// instead (tests/client/offline/outbox-model.soak.ts: 100,000 runs, runs/s, counterexamples).
// `npm run soak -- cluster` runs the same workload through nginx (deploy/nginx-cluster.conf,
// TLS) against two processes on a fresh PostgreSQL database and Redis (SOAK_REDIS_URL, default
// redis://127.0.0.1:6379), as DEPLOY.md "Several processes" runs them.
import { spawnSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { randomBytes } from 'node:crypto';
import pg from 'pg';
import { openDatabase } from '#server/db/kysely';
import { migrateToLatest } from '#server/db/migrate';
import { startCluster } from './lib/cluster.ts';
import { NGINX } from './lib/nginx-process.ts';
import {
  REPO_ROOT,
  killOnExit,
  logTail,
  portAnswers,
  startServerProcess,
} from './lib/server-process.ts';
import { seedSoakWorld, type SoakCounts } from './soak/seed.ts';
import { KINDS, SoakLoad, type SoakResult } from './soak/workload.ts';

function positiveInt(name: string, fallback: number): number {
  const value = Number(process.env[name] ?? fallback);
  if (!Number.isInteger(value) || value < 1) throw new Error(`${name} must be a positive integer`);
  return value;
}

const SECONDS = positiveInt('SOAK_SECONDS', 60);
const CONNECTIONS = positiveInt('SOAK_CONNECTIONS', 100);
const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
const DIST = path.join(REPO_ROOT, 'dist');
/** Where the servers' logs are kept (SOAK_LOG_DIR); unset: in the temp data, removed. */
const LOG_DIR = process.env.SOAK_LOG_DIR;
const WARM_UP = { connections: 10, seconds: 5 };
const COUNTS: SoakCounts = { clients: 40, volunteers: 30, waitingOrders: 2000 };

const tempDirs: string[] = [];
/** Work that must run however the soak ends (the PostgreSQL database is dropped). */
const pendingCleanups = new Set<() => Promise<void>>();
process.once('exit', () => {
  for (const dir of tempDirs) fs.rmSync(dir, { recursive: true, force: true });
});

/** Ends the soak now: pending clean-ups get a few seconds, the exit handlers do the rest. */
function stopNow(reason: string, code: number): void {
  console.error(`soak: ${reason}, stopping`);
  const cleanups = Promise.allSettled([...pendingCleanups].map((cleanup) => cleanup()));
  const cap = new Promise((resolve) => setTimeout(resolve, 5000));
  void Promise.race([cleanups, cap]).then(() => process.exit(code));
}
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => stopNow(signal, 130));
}

/** The production web build, made as `npm start` makes it when there is none. */
function ensureBuild(): void {
  if (fs.existsSync(path.join(DIST, 'index.html'))) return;
  console.log('No production build in dist/: building the web app…');
  const vite = path.join(REPO_ROOT, 'node_modules/vite/bin/vite.js');
  const run = spawnSync(process.execPath, [vite, 'build'], { cwd: REPO_ROOT, stdio: 'inherit' });
  if (run.status !== 0) throw new Error('the web build failed');
}

function newTempDir(label: string): string {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), `streetmed-soak-${label}-`));
  tempDirs.push(dir);
  return dir;
}

const ms = (n: number) => `${n.toFixed(1)} ms`;

function percentile(sorted: number[], q: number): number {
  return sorted[Math.min(sorted.length - 1, Math.floor(q * sorted.length))] ?? 0;
}

function printResult(label: string, result: SoakResult): void {
  const t = result.total;
  console.log(
    `\n${label}: ${CONNECTIONS} connections, ${SECONDS} s — ${t.requests.total} requests, ` +
      `${(t.requests.total / SECONDS).toFixed(0)} req/s, p50 ${ms(t.latency.p50)}, p99 ${ms(t.latency.p99)}, ` +
      `non-2xx ${t.non2xx}, errors ${t.errors}, timeouts ${t.timeouts}`,
  );
  console.log(
    `  ${'kind'.padEnd(14)}${'requests'.padStart(9)}${'req/s'.padStart(8)}${'p50'.padStart(11)}${'p99'.padStart(11)}${'no reply'.padStart(10)}  non-2xx`,
  );
  for (const kind of KINDS) {
    const s = result.byKind.get(kind);
    if (s === undefined || s.count === 0) continue;
    const sorted = [...s.latenciesMs].sort((a, b) => a - b);
    const codes = Object.entries(s.codes)
      .filter(([code]) => !code.startsWith('2'))
      .map(([code, n]) => `${code}×${n}`)
      .join(' ');
    console.log(
      `  ${kind.padEnd(14)}${String(s.count).padStart(9)}${(s.count / SECONDS).toFixed(0).padStart(8)}` +
        `${ms(percentile(sorted, 0.5)).padStart(11)}${ms(percentile(sorted, 0.99)).padStart(11)}${String(s.sent - s.count).padStart(10)}  ${s.non2xx}${codes === '' ? '' : ` (${codes})`}`,
    );
  }
}

/**
 * The server's own view, from its request log (responseTime of every request, warm-up
 * included): time inside the process, without the wait in the socket queue before it.
 */
function printServerSide(logFile: string): void {
  const times: number[] = [];
  for (const line of fs.readFileSync(logFile, 'utf8').split('\n')) {
    if (!line.includes('"request completed"')) continue;
    const entry = JSON.parse(line) as { responseTime?: number };
    if (typeof entry.responseTime === 'number') times.push(entry.responseTime);
  }
  times.sort((a, b) => a - b);
  console.log(
    `  server-side (its log, ${times.length} requests): p50 ${ms(percentile(times, 0.5))}, ` +
      `p99 ${ms(percentile(times, 0.99))}, max ${ms(times.at(-1) ?? 0)}`,
  );
}

async function soakOn(label: string, databaseUrl: string | undefined): Promise<void> {
  const dataDir = newTempDir(databaseUrl === undefined ? 'sqlite' : 'pg');
  const opened = openDatabase(databaseUrl, dataDir);
  let world;
  try {
    await migrateToLatest(opened);
    world = await seedSoakWorld(opened, COUNTS);
  } finally {
    await opened.db.destroy();
  }
  const server = await startServerProcess({
    dataDir,
    databaseUrl,
    // All the load comes from one address: the per-address limits would hold most of it.
    env: { STATIC_DIR: DIST, RATE_LIMIT_SCALE: '1000' },
    logFile: path.join(LOG_DIR ?? dataDir, `server-${label.toLowerCase()}.log`),
  });
  killOnExit(server);
  const load = new SoakLoad(world);
  // Not counted: the first requests of a fresh process compile and fill caches.
  await load.run(server.baseUrl, WARM_UP);
  const result = await load.run(server.baseUrl, { connections: CONNECTIONS, seconds: SECONDS });
  printResult(label, result);
  const exit = await server.stop('SIGTERM');
  printServerSide(server.logFile);
  if (exit.code !== 0) {
    console.log(`  ! server exited ${JSON.stringify(exit)}:\n${logTail(server.logFile)}`);
  }
}

/** A fresh PostgreSQL database, or undefined when the server does not answer. */
async function createPgDatabase(): Promise<{ url: string; drop: () => Promise<void> } | undefined> {
  const admin = new pg.Client({ connectionString: PG_ADMIN_URL, connectionTimeoutMillis: 3000 });
  try {
    await admin.connect();
  } catch {
    return undefined;
  }
  const name = `streetmed_soak_${randomBytes(6).toString('hex')}`;
  await admin.query(`create database ${name}`);
  await admin.end();
  const url = new URL(PG_ADMIN_URL);
  url.pathname = `/${name}`;
  const drop = async () => {
    const c = new pg.Client({ connectionString: PG_ADMIN_URL });
    await c.connect();
    await c.query(`drop database if exists ${name} with (force)`);
    await c.end();
  };
  return { url: url.toString(), drop };
}

/** `npm run soak -- outbox`: the outbox model soak, a test-side program, as a child process. */
function soakOutbox(): number {
  const program = path.join(REPO_ROOT, 'tests/client/offline/outbox-model.soak.ts');
  const run = spawnSync(process.execPath, ['--import', 'tsx', program], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  return run.status ?? 1;
}

const REDIS_URL = process.env.SOAK_REDIS_URL ?? 'redis://127.0.0.1:6379';

/** Seeds a fresh database (migrated here, so the two processes never race to migrate). */
async function seedOn(databaseUrl: string | undefined, dataDir: string) {
  const opened = openDatabase(databaseUrl, dataDir);
  try {
    await migrateToLatest(opened);
    return await seedSoakWorld(opened, COUNTS);
  } finally {
    await opened.db.destroy();
  }
}

/** `npm run soak -- cluster`: the workload through nginx's TLS port to two processes. */
async function soakCluster(): Promise<void> {
  if (!fs.existsSync(NGINX)) throw new Error(`the cluster soak needs nginx at ${NGINX}`);
  const redis = new URL(REDIS_URL);
  if (!(await portAnswers(redis.hostname, Number(redis.port || 6379))))
    throw new Error(`the cluster soak needs Redis at ${REDIS_URL}`);
  const pgDb = await createPgDatabase();
  if (pgDb === undefined) throw new Error(`the cluster soak needs PostgreSQL at ${PG_ADMIN_URL}`);
  pendingCleanups.add(pgDb.drop);
  try {
    const world = await seedOn(pgDb.url, newTempDir('cluster'));
    const logDir = LOG_DIR ?? newTempDir('cluster-logs');
    const cluster = await startCluster({
      databaseUrl: pgDb.url,
      redisUrl: REDIS_URL,
      redisPrefix: `streetmed-soak-${randomBytes(6).toString('hex')}`,
      // All the load comes from one address: the per-address limits would hold most of it.
      env: { STATIC_DIR: DIST, RATE_LIMIT_SCALE: '1000', LOG_LEVEL: 'info' },
      logDir,
    });
    for (const server of cluster.servers) killOnExit(server);
    const url = `https://127.0.0.1:${cluster.httpsPort}`;
    const load = new SoakLoad(world);
    await load.run(url, WARM_UP);
    const result = await load.run(url, { connections: CONNECTIONS, seconds: SECONDS });
    printResult('Cluster (nginx TLS → 2 processes, PostgreSQL + Redis)', result);
    const logs = cluster.servers.map((server) => server.logFile);
    await cluster.stop();
    logs.forEach((log, i) => {
      console.log(`  process ${i + 1}:`);
      printServerSide(log);
    });
  } finally {
    pendingCleanups.delete(pgDb.drop);
    await pgDb.drop();
  }
}

async function main(): Promise<void> {
  if (process.argv[2] === 'outbox') process.exit(soakOutbox());
  ensureBuild();
  if (process.argv[2] === 'cluster') {
    const limit = setTimeout(
      () => stopNow('hard time limit reached', 1),
      (SECONDS + WARM_UP.seconds + 240) * 1000,
    );
    limit.unref();
    console.log(
      `Cluster soak: ${CONNECTIONS} connections for ${SECONDS} s (after a ${WARM_UP.seconds} s warm-up) through nginx ` +
        'to two processes on PostgreSQL + Redis, the same workload. Goal: 0 errors.',
    );
    await soakCluster();
    return;
  }
  // Seeding, two runs, their starts and stops: far inside this unless something hangs.
  const limit = setTimeout(
    () => stopNow('hard time limit reached', 1),
    (2 * (SECONDS + WARM_UP.seconds) + 240) * 1000,
  );
  limit.unref();
  console.log(
    `Soak: ${CONNECTIONS} connections for ${SECONDS} s per database (after a ${WARM_UP.seconds} s warm-up) against the production server on 127.0.0.1 ` +
      `(${COUNTS.clients} clients, ${COUNTS.volunteers} volunteers, 1 admin; weights: catalogue 30, order 25, ` +
      'complete 15, sign-up/cancel 15, admin lists 15). Goal: 0 errors, p99 ≤ 100 ms on SQLite.',
  );
  await soakOn('SQLite', undefined);
  const pgDb = await createPgDatabase();
  if (pgDb === undefined) {
    console.log(`\nPostgreSQL: nothing answers at ${new URL(PG_ADMIN_URL).host}, skipped`);
    return;
  }
  pendingCleanups.add(pgDb.drop);
  try {
    await soakOn('PostgreSQL', pgDb.url);
  } finally {
    pendingCleanups.delete(pgDb.drop);
    await pgDb.drop();
  }
}

main().then(
  () => process.exit(0),
  (err: unknown) => {
    console.error(err);
    process.exit(1);
  },
);
