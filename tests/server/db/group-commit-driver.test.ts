// The SQLite driver's group commit (src/server/db/group-commit-driver.ts) on a real database
// file: concurrent writes share commits, yet each caller's promise resolves only when a second,
// independent connection can read its rows; one caller's rollback undoes only its own work; and
// a COMMIT that fails fails every member of its batch, none of whose rows remain.
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { sql, type Generated, type Kysely } from 'kysely';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { WalSync } from '#server/db/group-commit-driver';
import { openSqlite, type OpenedDb } from '#server/db/kysely';

interface TestDb {
  notes: { id: Generated<number>; body: string };
  children: { id: Generated<number>; parent_id: number };
}

let dir: string;
let opened: OpenedDb;
let db: Kysely<TestDb>;
let observer: SQLite.Database;

beforeEach(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'streetmed-group-commit-'));
  opened = openSqlite(path.join(dir, 'test.db'));
  db = opened.db as unknown as Kysely<TestDb>;
  await sql`create table notes (id integer primary key, body text not null unique)`.execute(db);
  // Checked at COMMIT, not per statement: the way to make a COMMIT itself fail.
  await sql`create table children (id integer primary key, parent_id integer not null
    references notes (id) deferrable initially deferred)`.execute(db);
  observer = new SQLite(path.join(dir, 'test.db'), { readonly: true });
});

afterEach(async () => {
  observer.close();
  await opened.db.destroy();
  fs.rmSync(dir, { recursive: true, force: true });
});

function committedBodies(): string[] {
  const rows = observer.prepare('select body from notes order by body').all() as {
    body: string;
  }[];
  return rows.map((r) => r.body);
}

function commits(): number {
  const driver = opened.sqliteDriver;
  if (driver === undefined) throw new Error('no SQLite driver');
  return driver.commits;
}

/** A transaction that yields to the event loop between statements, as request handlers do. */
async function addNotes(bodies: string[]): Promise<void> {
  await db.transaction().execute(async (trx) => {
    for (const body of bodies) {
      await trx.insertInto('notes').values({ body }).execute();
      await new Promise((resolve) => setImmediate(resolve));
    }
  });
  // Acknowledged: an independent connection must see every row now.
  for (const body of bodies) expect(committedBodies()).toContain(body);
}

describe('SQLite group commit', () => {
  it('commits concurrent transactions together, each durable when it resolves', async () => {
    const before = commits();
    await Promise.all(Array.from({ length: 50 }, (_, i) => addNotes([`a${i}`, `b${i}`])));
    expect(committedBodies()).toHaveLength(100);
    const used = commits() - before;
    expect(used).toBeGreaterThanOrEqual(1);
    expect(used).toBeLessThan(50);
  });

  it('commits a lone write at once', async () => {
    const before = commits();
    await db.insertInto('notes').values({ body: 'alone' }).execute();
    expect(committedBodies()).toEqual(['alone']);
    expect(commits() - before).toBe(1);
  });

  it('resolves a plain write outside a transaction only once it is durable', async () => {
    const writes = Array.from({ length: 20 }, (_, i) =>
      db
        .insertInto('notes')
        .values({ body: `plain${i}` })
        .execute()
        .then(() => expect(committedBodies()).toContain(`plain${i}`)),
    );
    await Promise.all([...writes, addNotes(['in-a-transaction'])]);
    expect(committedBodies()).toHaveLength(21);
  });

  it('rolls back only the failing transaction of a batch', async () => {
    const failing = db.transaction().execute(async (trx) => {
      await trx.insertInto('notes').values({ body: 'undone' }).execute();
      await new Promise((resolve) => setImmediate(resolve));
      throw new Error('refused');
    });
    const results = await Promise.allSettled([
      addNotes(['kept1']),
      failing,
      addNotes(['kept2']),
      // A unique violation inside a transaction: that statement and its transaction only.
      addNotes(['kept1-again', 'kept1']),
    ]);
    expect(results.map((r) => r.status)).toEqual([
      'fulfilled',
      'rejected',
      'fulfilled',
      'rejected',
    ]);
    expect(committedBodies()).toEqual(['kept1', 'kept2']);
  });

  it('keeps savepoints inside a transaction working (rollback to one, then commit)', async () => {
    const trx = await db.startTransaction().execute();
    await trx.insertInto('notes').values({ body: 'before' }).execute();
    const inner = await trx.savepoint('work').execute();
    await inner.insertInto('notes').values({ body: 'rolled back' }).execute();
    await inner.rollbackToSavepoint('work').execute();
    await trx.insertInto('notes').values({ body: 'after' }).execute();
    await trx.commit().execute();
    expect(committedBodies()).toEqual(['after', 'before']);
  });

  it('fails every member of a batch whose COMMIT fails, and keeps none of their rows', async () => {
    await db.insertInto('notes').values({ id: 1, body: 'parent' }).execute();
    const orphan = db.transaction().execute(async (trx) => {
      await new Promise((resolve) => setImmediate(resolve));
      // Passes now (deferred), makes the COMMIT of its batch fail.
      await trx.insertInto('children').values({ parent_id: 999 }).execute();
    });
    const innocent = Array.from({ length: 5 }, (_, i) =>
      db.transaction().execute(async (trx) => {
        await trx
          .insertInto('notes')
          .values({ body: `innocent${i}` })
          .execute();
        await new Promise((resolve) => setImmediate(resolve));
      }),
    );
    const results = await Promise.allSettled([orphan, ...innocent]);
    const failed = results.filter((r) => r.status === 'rejected').length;
    // Whoever shared the orphan's batch failed with it; whoever committed succeeded, durably.
    expect(failed).toBeGreaterThanOrEqual(1);
    const kept = committedBodies().filter((b) => b.startsWith('innocent')).length;
    expect(kept).toBe(results.length - failed);
    expect(results[0].status).toBe('rejected');
    // The connection is usable again afterwards.
    await addNotes(['later']);
    expect(observer.prepare('select count(*) as n from children').get()).toEqual({ n: 0 });
  });
});

/** A WAL sync the test ends by hand: which syncs began, and a way to finish each. */
function heldWalSync() {
  const pending: ((error: Error | null) => void)[] = [];
  let inFlight = 0;
  let mostInFlight = 0;
  const walSync: WalSync = {
    sync(done) {
      inFlight += 1;
      mostInFlight = Math.max(mostInFlight, inFlight);
      pending.push((error) => {
        inFlight -= 1;
        done(error);
      });
    },
    syncNow: () => undefined,
    close: () => undefined,
  };
  return {
    walSync,
    started: () => pending.length,
    mostInFlight: () => mostInFlight,
    /** Ends the oldest sync in flight, once one has begun (a few turns of the loop). */
    async finishNext(error: Error | null = null) {
      for (let i = 0; i < 50 && pending.length === 0; i += 1) await turn();
      const next = pending.shift();
      if (next === undefined) throw new Error('no sync in flight');
      next(error);
    },
  };
}

const turn = () => new Promise((resolve) => setImmediate(resolve));

describe('SQLite group commit, pipelined WAL sync (the driver syncs, one sync at a time)', () => {
  let held: ReturnType<typeof heldWalSync>;
  let piped: OpenedDb;
  let pipedDb: Kysely<TestDb>;

  beforeEach(async () => {
    held = heldWalSync();
    piped = openSqlite(path.join(dir, 'piped.db'), { walSync: held.walSync });
    pipedDb = piped.db as unknown as Kysely<TestDb>;
    const creating =
      sql`create table notes (id integer primary key, body text not null unique)`.execute(pipedDb);
    await held.finishNext();
    await creating;
  });

  afterEach(async () => {
    await piped.db.destroy();
  });

  it('acknowledges a write only when the sync begun after its commit has ended', async () => {
    let acknowledged = false;
    const write = pipedDb
      .insertInto('notes')
      .values({ body: 'one' })
      .execute()
      .then(() => (acknowledged = true));
    for (let i = 0; i < 5; i += 1) await turn();
    expect(held.started()).toBe(1);
    expect(acknowledged).toBe(false);
    await held.finishNext();
    await write;
    expect(acknowledged).toBe(true);
  });

  it('fills the next batch while a sync runs, and commits it when that sync ends', async () => {
    const first = pipedDb.insertInto('notes').values({ body: 'first' }).execute();
    for (let i = 0; i < 3; i += 1) await turn();
    const commitsBefore = piped.sqliteDriver!.commits;
    const during = Array.from({ length: 10 }, (_, i) =>
      pipedDb
        .insertInto('notes')
        .values({ body: `during${i}` })
        .execute(),
    );
    for (let i = 0; i < 5; i += 1) await turn();
    // None of the ten committed while the first sync is in flight.
    expect(piped.sqliteDriver!.commits).toBe(commitsBefore);
    await held.finishNext();
    await first;
    for (let i = 0; i < 3; i += 1) await turn();
    // The ten committed together, and wait for a sync of their own.
    expect(piped.sqliteDriver!.commits).toBe(commitsBefore + 1);
    expect(held.started()).toBe(1);
    await held.finishNext();
    await Promise.all(during);
    expect(held.mostInFlight()).toBe(1);
  });

  it('waits for no sync when a batch wrote nothing (an UPDATE that matched no row)', async () => {
    await pipedDb.updateTable('notes').set({ body: 'x' }).where('id', '=', 12345).execute();
    expect(held.started()).toBe(0);
  });

  it('acknowledges a write made through committedDb once committed, before any sync ends', async () => {
    const reader = new SQLite(path.join(dir, 'piped.db'), { readonly: true });
    try {
      const committedDb = piped.committedDb as unknown as Kysely<TestDb>;
      await committedDb.insertInto('notes').values({ body: 'seen' }).execute();
      // Resolved with its sync still held, and already committed: another connection reads it.
      expect(held.started()).toBe(1);
      expect(reader.prepare('select body from notes').all()).toEqual([{ body: 'seen' }]);
      await held.finishNext();
    } finally {
      reader.close();
    }
  });

  it('commits a batch holding a write acknowledged at commit without waiting for the sync in flight; its other members wait for the next sync', async () => {
    const committedDb = piped.committedDb as unknown as Kysely<TestDb>;
    const first = pipedDb.insertInto('notes').values({ body: 'first' }).execute();
    for (let i = 0; i < 3; i += 1) await turn();
    expect(held.started()).toBe(1);
    let plainDone = false;
    const plain = pipedDb
      .insertInto('notes')
      .values({ body: 'plain' })
      .execute()
      .then(() => (plainDone = true));
    await committedDb.insertInto('notes').values({ body: 'audit' }).execute();
    // The first sync is still in flight; the plain write shares the early commit but not its
    // acknowledgement.
    expect(held.started()).toBe(1);
    expect(plainDone).toBe(false);
    await held.finishNext();
    await first;
    for (let i = 0; i < 3; i += 1) await turn();
    expect(plainDone).toBe(false);
    await held.finishNext();
    await plain;
    expect(held.mostInFlight()).toBe(1);
  });

  it('fails the members of a batch whose sync fails', async () => {
    const write = pipedDb.insertInto('notes').values({ body: 'lost?' }).execute();
    for (let i = 0; i < 3; i += 1) await turn();
    await held.finishNext(new Error('EIO'));
    await expect(write).rejects.toThrow('EIO');
    // The next write gets a sync of its own.
    const next = pipedDb.insertInto('notes').values({ body: 'next' }).execute();
    for (let i = 0; i < 3; i += 1) await turn();
    await held.finishNext();
    await next;
  });
});

describe('SQLite group commit, the real WAL sync', () => {
  it('commits and syncs the WAL file (synchronous=NORMAL, fdatasync by the driver)', async () => {
    const real = openSqlite(path.join(dir, 'real.db'));
    try {
      expect(real.sqlite!.pragma('synchronous', { simple: true })).toBe(1);
      const realDb = real.db as unknown as Kysely<TestDb>;
      await sql`create table notes (id integer primary key, body text not null unique)`.execute(
        realDb,
      );
      await Promise.all(
        Array.from({ length: 20 }, (_, i) =>
          realDb
            .insertInto('notes')
            .values({ body: `n${i}` })
            .execute(),
        ),
      );
      const reader = new SQLite(path.join(dir, 'real.db'), { readonly: true });
      expect(reader.prepare('select count(*) as n from notes').get()).toEqual({ n: 20 });
      reader.close();
    } finally {
      await real.db.destroy();
    }
  });
});

describe('SQLite WAL checkpoints off the event loop (db/wal-checkpointer.ts)', () => {
  it('turns automatic checkpoints off and copies the WAL into the database from a worker', async () => {
    const file = path.join(dir, 'checkpointed.db');
    const real = openSqlite(file);
    try {
      // The main connection never checkpoints inside a COMMIT.
      expect(real.sqlite!.pragma('wal_autocheckpoint', { simple: true })).toBe(0);
      const realDb = real.db as unknown as Kysely<TestDb>;
      await sql`create table notes (id integer primary key, body text not null unique)`.execute(
        realDb,
      );
      const sizeBefore = fs.statSync(file).size;
      await realDb
        .insertInto('notes')
        .values(Array.from({ length: 500 }, (_, i) => ({ body: `${i} ${'x'.repeat(2_000)}` })))
        .execute();
      // No further write on the main connection: only the worker can grow the database file.
      await expect
        .poll(() => fs.statSync(file).size, { timeout: 5_000, interval: 100 })
        .toBeGreaterThan(sizeBefore + 500 * 2_000);
    } finally {
      await real.db.destroy();
    }
    // Closed cleanly: the worker's connection is gone, so the last close removed the WAL.
    expect(fs.existsSync(`${file}-wal`)).toBe(false);
  });
});
