// Sign-ups leave a record (beyond-spec.md section 2): a volunteer's cancel keeps the row as
// CANCELLED with the time in the new cancelled_at, and the volunteer may sign up again (a new
// row). So "one sign-up per volunteer per round" now holds for the live ones only: the table
// constraint round_signups_one_per_volunteer (round_id, user_id) becomes a partial unique
// index WHERE status != 'CANCELLED'. A check keeps cancelled_at set exactly on CANCELLED rows.
// round_signups_round_status serves the per-round counts and lists, which the old
// constraint's index served before.
//
// PostgreSQL drops the constraint in place. SQLite cannot drop a table constraint, so the
// table is rebuilt (create new, copy, drop, rename, indexes again; sqlite.org/lang_altertable
// "other kinds of table schema changes"). No table references round_signups, so the drop
// touches nothing else; the AUTOINCREMENT counter is carried over, so a deleted (rejected)
// sign-up's id, which the audit log may name, is never given out again.
import { sql, type Kysely, type Migration } from 'kysely';
import type { ColumnTypes } from './column-types.ts';

/* eslint-disable @typescript-eslint/no-explicit-any -- migrations are frozen in time. */

const LIVE_UNIQUE = 'round_signups_one_live_per_volunteer';
const OLD_UNIQUE = 'round_signups_one_per_volunteer';
const CANCEL_TIME_CHECK = 'round_signups_cancelled_at_when_cancelled';

type Version = 'before' | 'after';

/** The table as the version has it, under `name`. */
function createSignupsTable(db: Kysely<any>, t: ColumnTypes, name: string, version: Version) {
  const table = t
    .addId(db.schema.createTable(name))
    .addColumn('round_id', 'integer', (c) =>
      c.notNull().references('rounds.id').onDelete('cascade'),
    )
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull());
  if (version === 'before') return table.addUniqueConstraint(OLD_UNIQUE, ['round_id', 'user_id']);
  return table
    .addColumn('cancelled_at', 'text')
    .addCheckConstraint(
      CANCEL_TIME_CHECK,
      sql`(status = 'CANCELLED') = (cancelled_at is not null)`,
    );
}

async function createUserIndex(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('round_signups_user').on('round_signups').column('user_id').execute();
}

async function createHistoryIndexes(db: Kysely<any>): Promise<void> {
  await db.schema
    .createIndex(LIVE_UNIQUE)
    .on('round_signups')
    .columns(['round_id', 'user_id'])
    .unique()
    .where(sql.ref('status'), '!=', 'CANCELLED')
    .execute();
  await db.schema
    .createIndex('round_signups_round_status')
    .on('round_signups')
    .columns(['round_id', 'status'])
    .execute();
}

async function autoincrementOf(db: Kysely<any>): Promise<number | undefined> {
  const { rows } = await sql<{
    seq: number;
  }>`select seq from sqlite_sequence where name = 'round_signups'`.execute(db);
  return rows[0]?.seq;
}

/** Puts the AUTOINCREMENT counter back to `seq` if the rebuilt table's is lower (or none). */
async function keepAutoincrement(db: Kysely<any>, seq: number | undefined): Promise<void> {
  const now = await autoincrementOf(db);
  if (seq === undefined || (now !== undefined && now >= seq)) return;
  if (now === undefined) {
    await sql`insert into sqlite_sequence (name, seq) values ('round_signups', ${seq})`.execute(db);
  } else {
    await sql`update sqlite_sequence set seq = ${seq} where name = 'round_signups'`.execute(db);
  }
}

/**
 * SQLite: rebuilds round_signups as `version` has it, copying the rows `copyWhere` selects
 * (the columns both versions have) and keeping the AUTOINCREMENT counter.
 */
async function rebuildOnSqlite(
  db: Kysely<any>,
  t: ColumnTypes,
  version: Version,
  copyWhere: string,
): Promise<void> {
  const seq = await autoincrementOf(db);
  await createSignupsTable(db, t, 'round_signups_new', version).execute();
  const columns = 'id, round_id, user_id, status, created_at';
  await sql
    .raw(
      `insert into round_signups_new (${columns}) select ${columns} from round_signups ${copyWhere}`,
    )
    .execute(db);
  await db.schema.dropTable('round_signups').execute();
  await db.schema.alterTable('round_signups_new').renameTo('round_signups').execute();
  await keepAutoincrement(db, seq);
  await createUserIndex(db);
  if (version === 'after') await createHistoryIndexes(db);
}

async function upOnPostgres(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('round_signups').addColumn('cancelled_at', 'text').execute();
  await db.schema
    .alterTable('round_signups')
    .addCheckConstraint(CANCEL_TIME_CHECK, sql`(status = 'CANCELLED') = (cancelled_at is not null)`)
    .execute();
  await db.schema.alterTable('round_signups').dropConstraint(OLD_UNIQUE).execute();
  await createHistoryIndexes(db);
}

/** Back to one row per volunteer per round: the CANCELLED rows go (the old code deleted them). */
async function downOnPostgres(db: Kysely<any>): Promise<void> {
  await db.deleteFrom('round_signups').where('status', '=', 'CANCELLED').execute();
  await db.schema.dropIndex('round_signups_round_status').execute();
  await db.schema.dropIndex(LIVE_UNIQUE).execute();
  await db.schema
    .alterTable('round_signups')
    .addUniqueConstraint(OLD_UNIQUE, ['round_id', 'user_id'])
    .execute();
  await db.schema.alterTable('round_signups').dropConstraint(CANCEL_TIME_CHECK).execute();
  await db.schema.alterTable('round_signups').dropColumn('cancelled_at').execute();
}

export function signupHistory(t: ColumnTypes): Migration {
  return {
    async up(db: Kysely<any>) {
      if (t.dialect === 'sqlite') await rebuildOnSqlite(db, t, 'after', '');
      else await upOnPostgres(db);
    },
    async down(db: Kysely<any>) {
      if (t.dialect === 'sqlite') {
        await rebuildOnSqlite(db, t, 'before', "where status != 'CANCELLED'");
      } else {
        await downOnPostgres(db);
      }
    },
  };
}
