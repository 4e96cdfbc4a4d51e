// Redis for the shared-state tests: the machine's Redis (global-setup's redisUrl; the tests
// skip without it, and under CI=true the run fails instead), a fresh key prefix per test file
// so files never see each other's counts, and a redis-server of a test's own on a free port,
// which the test may kill to see what an outage does.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Redis } from 'ioredis';
import { inject } from 'vitest';
import { freePort } from '../../../scripts/lib/server-process.ts';

export const redisUrl = inject('redisUrl');
export const redisRuns = redisUrl !== '';

/** A key prefix no other test uses: two "deployments" on one Redis. */
export function freshPrefix(name: string): string {
  return `streetmed-test:${name}:${randomBytes(4).toString('hex')}:`;
}

export interface OwnRedis {
  url: string;
  /** SIGKILL: Redis is gone at once, as in a crash. */
  kill(): Promise<void>;
}

/** A redis-server of this test's own (no persistence) on a free loopback port. */
export async function startOwnRedis(): Promise<OwnRedis> {
  const port = await freePort();
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-redis-'));
  const child: ChildProcess = spawn(
    'redis-server',
    ['--port', String(port), '--bind', '127.0.0.1', '--save', '', '--appendonly', 'no'],
    { cwd: dir, stdio: 'ignore' },
  );
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const url = `redis://127.0.0.1:${port}`;
  const probe = new Redis(url, { lazyConnect: true, maxRetriesPerRequest: 0 });
  probe.on('error', () => undefined); // refused until the server listens: retried below
  for (let tries = 0; ; tries += 1) {
    try {
      await probe.connect();
      await probe.ping();
      break;
    } catch (err) {
      probe.disconnect();
      if (tries > 50) throw err;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  probe.disconnect();
  return {
    url,
    async kill() {
      if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
      await exited;
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
