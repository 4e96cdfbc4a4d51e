// The signup-history migration on a database made by the migrations before it, on SQLite and
// PostgreSQL, with sign-ups an older server wrote: every row keeps its id, round, volunteer,
// status and time (cancelled_at null); the one-per-volunteer rule now holds for live sign-ups
// only (a CANCELLED row beside a new one is allowed, two live ones are not); cancelled_at is
// set exactly on CANCELLED rows; the next sign-up's id is past every id ever given, even ones
// deleted before the upgrade (the SQLite table rebuild keeps the AUTOINCREMENT counter); and
// deleting a round still removes its sign-ups. Going back down drops the CANCELLED rows (the
// old code had deleted them) and brings back the table constraint.
import { Migrator, sql } from 'kysely';
import { describe, expect, it } from 'vitest';
import type { Db } from '#server/db/kysely';
import { allMigrations, migrateToLatest } from '#server/db/migrate';
import { columnTypesFor } from '#server/db/migrations/column-types';
import { testDialects } from '../../support/build-app.ts';
import { createTestRound, createUser } from '../../support/factories.ts';
import { withEarlierSchema } from '../../support/migration-db.ts';

const MIGRATION = '2026-11-26T0900-signup-history';
const CREATED = '2026-11-20T10:00:00.000Z';
const CANCELLED = '2026-11-26T10:00:00.000Z';

/** A sign-up as the server before the migration wrote it (no cancelled_at column yet). */
async function oldSignup(db: Db, roundId: number, userId: number, status: string) {
  const { rows } = await sql<{ id: number }>`
    insert into round_signups (round_id, user_id, status, created_at)
    values (${roundId}, ${userId}, ${status}, ${CREATED}) returning id`.execute(db);
  return rows[0]!.id;
}

function newSignup(db: Db, roundId: number, userId: number, cancelledAt: string | null) {
  return db
    .insertInto('round_signups')
    .values({
      round_id: roundId,
      user_id: userId,
      status: cancelledAt === null ? 'CONFIRMED' : 'CANCELLED',
      created_at: CREATED,
      cancelled_at: cancelledAt,
    })
    .returning('id')
    .executeTakeFirstOrThrow();
}

describe.each(testDialects())('signup-history migration (%s)', (dialect) => {
  it('keeps every sign-up and makes one-per-volunteer hold for live ones only', async () => {
    await withEarlierSchema(dialect, MIGRATION, async (opened) => {
      const db = opened.db;
      const roundId = await createTestRound(db);
      const ann = await createUser(db, { role: 'VOLUNTEER' });
      const bob = await createUser(db, { role: 'VOLUNTEER' });
      const gone = await createUser(db, { role: 'VOLUNTEER' });
      const annSignup = await oldSignup(db, roundId, ann.id, 'CONFIRMED');
      const bobSignup = await oldSignup(db, roundId, bob.id, 'WAITLISTED');
      // The old cancel deleted the row: its id was given out and must never come back.
      const deleted = await oldSignup(db, roundId, gone.id, 'CONFIRMED');
      await db.deleteFrom('round_signups').where('id', '=', deleted).execute();

      await migrateToLatest(opened);

      const rows = await db.selectFrom('round_signups').selectAll().orderBy('id').execute();
      expect(rows).toEqual([
        {
          id: annSignup,
          round_id: roundId,
          user_id: ann.id,
          status: 'CONFIRMED',
          created_at: CREATED,
          cancelled_at: null,
        },
        {
          id: bobSignup,
          round_id: roundId,
          user_id: bob.id,
          status: 'WAITLISTED',
          created_at: CREATED,
          cancelled_at: null,
        },
      ]);

      // Ann cancels and signs up again: both rows stay, and the new id is past the deleted one.
      await db
        .updateTable('round_signups')
        .set({ status: 'CANCELLED', cancelled_at: CANCELLED })
        .where('id', '=', annSignup)
        .execute();
      const again = await newSignup(db, roundId, ann.id, null);
      expect(again.id).toBeGreaterThan(deleted);
      // A second live sign-up of the same volunteer is refused by the database itself.
      await expect(newSignup(db, roundId, ann.id, null)).rejects.toThrow();
      // Cancelled rows may pile up beside it: the record of every cancel.
      await newSignup(db, roundId, ann.id, CANCELLED);
      // cancelled_at goes with CANCELLED, and only with it.
      await expect(
        db
          .updateTable('round_signups')
          .set({ status: 'CANCELLED' })
          .where('id', '=', bobSignup)
          .execute(),
      ).rejects.toThrow();
      await expect(
        db
          .updateTable('round_signups')
          .set({ cancelled_at: CANCELLED })
          .where('id', '=', bobSignup)
          .execute(),
      ).rejects.toThrow();

      // The foreign keys came through the rebuild: a deleted round takes its sign-ups along.
      await db.deleteFrom('rounds').where('id', '=', roundId).execute();
      expect(await db.selectFrom('round_signups').select('id').execute()).toEqual([]);
    });
  });

  it('goes back down: live sign-ups kept, CANCELLED ones dropped, one per volunteer again', async () => {
    await withEarlierSchema(dialect, MIGRATION, async (opened) => {
      const db = opened.db;
      const roundId = await createTestRound(db);
      const ann = await createUser(db, { role: 'VOLUNTEER' });
      // Up to this migration only: later ones (other tables) are not this test's to undo.
      const migrations = allMigrations(columnTypesFor(opened.dialect));
      const migrator = new Migrator({ db, provider: { getMigrations: async () => migrations } });
      expect((await migrator.migrateTo(MIGRATION)).error).toBeUndefined();
      await newSignup(db, roundId, ann.id, CANCELLED);
      const live = await newSignup(db, roundId, ann.id, null);

      const down = await migrator.migrateDown();
      expect(down.error).toBeUndefined();
      expect(down.results?.map((r) => r.migrationName)).toEqual([MIGRATION]);

      const rows = await sql<{ id: number; status: string }>`
        select id, status from round_signups order by id`.execute(db);
      expect(rows.rows).toEqual([{ id: live.id, status: 'CONFIRMED' }]);
      await expect(oldSignup(db, roundId, ann.id, 'WAITLISTED')).rejects.toThrow();
    });
  });
});
