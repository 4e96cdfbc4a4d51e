// The audit entry of a read of personal data is committed before the reply leaves, and its
// sync to disk follows without holding the reply back (http/personal-data-reads.ts,
// OpenedDb.committedDb). With the WAL's sync held open, the admin's All Orders reply still
// arrives, and a second connection on the database file already reads its entry. On the old
// code the reply waited for the held sync and never came.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '#server/app';
import { loadConfig } from '#server/config';
import type { WalSync } from '#server/db/group-commit-driver';
import { openSqlite, SQLITE_FILE_NAME } from '#server/db/kysely';
import { createSignedInUser, type SignedInUser } from '../../support/factories.ts';
import { call } from '../../support/inject.ts';

/** A WAL sync that passes straight through until held; then syncs wait for release(). */
function gatedWalSync() {
  let held = false;
  const waiting: ((error: Error | null) => void)[] = [];
  const walSync: WalSync = {
    // Never synchronously: the driver expects the sync to end on a later turn, as fdatasync does.
    sync: (done) => (held ? waiting.push(done) : setImmediate(() => done(null))),
    syncNow: () => undefined,
    close: () => undefined,
  };
  return {
    walSync,
    hold: () => (held = true),
    waiting: () => waiting.length,
    release() {
      held = false;
      for (const done of waiting.splice(0)) done(null);
    },
  };
}

const turns = async (n: number) => {
  for (let i = 0; i < n; i += 1) await new Promise((resolve) => setImmediate(resolve));
};

describe('the audit entry of a read (SQLite, pipelined sync)', () => {
  const gate = gatedWalSync();
  let dataDir: string;
  let app: FastifyInstance;
  let admin: SignedInUser;

  beforeAll(async () => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-read-entry-'));
    const config = loadConfig({ DATA_DIR: dataDir, LOG_LEVEL: 'silent' });
    const opened = openSqlite(path.join(dataDir, SQLITE_FILE_NAME), { walSync: gate.walSync });
    app = await buildApp(config, opened);
    const db = app.ctx.opened.db;
    admin = await createSignedInUser(db, { role: 'ADMIN' });
    const now = new Date().toISOString();
    await db
      .insertInto('orders')
      .values({
        user_id: null,
        order_type: 'GUEST',
        status: 'PENDING',
        delivery_address: '12 Held Sync St',
        phone_number: '5551234567',
        notes: '',
        request_time: now,
        updated_at: now,
      })
      .execute();
  });

  afterAll(async () => {
    gate.release();
    await app.close();
    fs.rmSync(dataDir, { recursive: true, force: true });
  });

  it('is committed before the reply, which does not wait for the disk sync', async () => {
    const reader = new SQLite(path.join(dataDir, SQLITE_FILE_NAME), { readonly: true });
    try {
      gate.hold();
      const reply = call(app, 'GET', '/api/orders/all', { as: admin });
      const first = await Promise.race([reply, turns(200).then(() => 'still waiting')]);
      expect(first).not.toBe('still waiting');
      const res = await reply;
      expect(res.statusCode).toBe(200);
      expect(res.body).toContain('12 Held Sync St');
      // The entry's sync has begun and is held: the reply did not wait for it.
      expect(gate.waiting()).toBeGreaterThan(0);
      const entries = reader
        .prepare("select actor_id, details from audit_log where action = 'personal_data.read'")
        .all() as { actor_id: number; details: string }[];
      expect(entries).toHaveLength(1);
      expect(entries[0]?.actor_id).toBe(admin.id);
      expect(JSON.parse(entries[0]?.details ?? '{}')).toMatchObject({
        route: 'GET /api/orders/all',
      });
    } finally {
      gate.release();
      reader.close();
    }
  });
});
