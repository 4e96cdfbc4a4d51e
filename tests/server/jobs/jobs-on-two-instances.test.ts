// Issue 18: background work on N processes. Two app instances on one PostgreSQL database run
// the retention sweep at the same moment, in small batches so they overlap many times: every
// row is purged by exactly one batch (the counts add up to the rows due, the audit entries
// name each row once), because each batch holds the job's lock (jobs/job-lock.ts). The
// idempotency pruning run at once by both deletes each expired key once.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import { pruneExpiredKeys } from '#server/idempotency/idempotency-pruning';
import { sweepPersonalData } from '#server/privacy/retention.service';
import { createPostgresDatabase, testDialects } from '../../support/build-app.ts';

const ROWS = 1200;
const BATCH = 25;
const DAY_MS = 24 * 60 * 60 * 1000;

describe.runIf(testDialects().includes('postgres'))('jobs on two instances (PostgreSQL)', () => {
  let apps: FastifyInstance[] = [];
  let drop: () => Promise<void> = async () => undefined;
  let dataDir = '';
  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-jobs-'));
    const database = await createPostgresDatabase('streetmed_jobs');
    drop = database.drop;
    const config = {
      ...loadConfig({
        DATA_DIR: dataDir,
        LOG_LEVEL: 'silent',
        STATIC_DIR: path.join(dataDir, 'x'),
      }),
      databaseUrl: database.url,
    };
    apps = [await buildApp(config), await buildApp(config)];
    // Let each instance's own start-up sweep and pruning finish first (nothing due yet).
    await Promise.all(apps.map((app) => app.ready()));
    await Promise.all(apps.map((app) => app.retentionSweeper.idle()));
  });
  afterAll(async () => {
    await Promise.all(apps.map((app) => app.close()));
    await drop();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('sweeps each row in exactly one batch when both sweep at once', async () => {
    const db = apps[0]!.ctx.opened.db;
    const now = new Date();
    const old = new Date(now.getTime() - 40 * DAY_MS).toISOString();
    await db
      .insertInto('feedback')
      .values(
        Array.from({ length: ROWS }, (_, i) => ({
          name: 'V',
          phone_number: '5551112222',
          content: `old ${i}`,
          created_at: old,
        })),
      )
      .execute();
    const counts = await Promise.all(
      apps.map((app) =>
        sweepPersonalData(app.ctx.opened.db, {
          now,
          retentionDays: 30,
          actor: null,
          batchSize: BATCH,
        }),
      ),
    );
    expect(counts[0]!.feedback + counts[1]!.feedback).toBe(ROWS);
    // Both took part: the batches took turns rather than one process doing everything.
    expect(counts[0]!.feedback).toBeGreaterThan(0);
    expect(counts[1]!.feedback).toBeGreaterThan(0);

    const entries = await db
      .selectFrom('audit_log')
      .select('details')
      .where('action', '=', 'privacy.purge')
      .execute();
    const ids = entries.flatMap((e) => (JSON.parse(e.details!) as { ids: number[] }).ids);
    expect(ids).toHaveLength(ROWS);
    expect(new Set(ids).size).toBe(ROWS);
    const left = await db
      .selectFrom('feedback')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('personal_data_purged_at', 'is', null)
      .executeTakeFirstOrThrow();
    expect(Number(left.n)).toBe(0);
  });

  it('prunes each expired idempotency key once when both prune at once', async () => {
    const db = apps[0]!.ctx.opened.db;
    const now = new Date();
    const expired = new Date(now.getTime() - 40 * DAY_MS).toISOString();
    await db
      .insertInto('idempotency_keys')
      .values(
        Array.from({ length: 500 }, (_, i) => ({
          scope: 'anon',
          key: `expired-${i}`,
          method: 'POST',
          path: '/api/feedback',
          request_hash: 'x',
          status_code: 200,
          reply_json: '{}',
          created_at: expired,
        })),
      )
      .execute();
    const pruned = await Promise.all(
      apps.map((app) => pruneExpiredKeys(app.ctx.opened.db, now, 35)),
    );
    expect(pruned[0]! + pruned[1]!).toBe(500);
  });
});
