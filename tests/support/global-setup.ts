// Decides once per run whether the PostgreSQL half of the API tests runs: when
// 127.0.0.1:5432 answers; and the Redis tests (shared state across processes): when
// 127.0.0.1:6379 answers. Under CI=true a missing PostgreSQL or Redis fails the run instead of
// silently testing less.
import { portAnswers } from '../../scripts/lib/server-process.ts';
import type { TestProject } from 'vitest/node';

export const PG_ADMIN_URL = process.env.TEST_PG_URL ?? 'postgres://postgres@127.0.0.1:5432/test';
export const REDIS_TEST_URL = process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379';

export default async function setup(project: TestProject): Promise<void> {
  const url = new URL(PG_ADMIN_URL);
  const up = await portAnswers(url.hostname, Number(url.port || 5432));
  if (!up && process.env.CI === 'true') {
    throw new Error(
      `CI=true but PostgreSQL does not answer at ${url.host}: the PostgreSQL tests cannot run`,
    );
  }
  project.provide('postgresUrl', up ? PG_ADMIN_URL : '');
  const redis = new URL(REDIS_TEST_URL);
  const redisUp = await portAnswers(redis.hostname, Number(redis.port || 6379));
  if (!redisUp && process.env.CI === 'true') {
    throw new Error(
      `CI=true but Redis does not answer at ${redis.host}: the Redis tests cannot run`,
    );
  }
  project.provide('redisUrl', redisUp ? REDIS_TEST_URL : '');
}

declare module 'vitest' {
  export interface ProvidedContext {
    postgresUrl: string;
    /** '' when no Redis answers (the Redis tests are skipped; under CI=true the run fails). */
    redisUrl: string;
  }
}
