// The rounds table's reads: each list is one query carrying the sign-up counts and the caller's
// own sign-up (no query per round); and the round lock every capacity-dependent write takes
// first. Writes are in round-writes.repository.ts. A Transaction is a Db: functions take either.
import type { Db } from '../db/kysely.ts';
import type { LiveSignupStatus } from '../db/schema.ts';
import type { RoundForUser, RoundRow, RoundWithCounts } from './rounds.types.ts';

const ROUND_COLUMNS = [
  'r.id',
  'r.title',
  'r.description',
  'r.location',
  'r.start_time',
  'r.end_time',
  'r.max_participants',
  'r.status',
  'r.team_lead_id',
  'r.clinician_id',
] as const;

// The counts are correlated subqueries: each is an index range scan on round_signups
// (round_id, status) for that round and status only, however many sign-ups the table holds
// overall. CANCELLED sign-ups count nowhere.
function roundsWithCounts(db: Db) {
  return db.selectFrom('rounds as r').select((eb) => [
    ...ROUND_COLUMNS,
    eb
      .selectFrom('round_signups as cs')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('cs.round_id', '=', 'r.id')
      .where('cs.status', '=', 'CONFIRMED')
      .as('confirmed'),
    eb
      .selectFrom('round_signups as ws')
      .select((c) => c.fn.countAll<number>().as('n'))
      .whereRef('ws.round_id', '=', 'r.id')
      .where('ws.status', '=', 'WAITLISTED')
      .as('waitlisted'),
  ]);
}

// The caller's own sign-up is their live one: a CANCELLED row is history, not a sign-up
// (the partial unique index round_signups_one_live_per_volunteer makes it at most one row).
function roundsForUser(db: Db, userId: number) {
  return roundsWithCounts(db)
    .leftJoin('round_signups as mine', (join) =>
      join
        .onRef('mine.round_id', '=', 'r.id')
        .on('mine.user_id', '=', userId)
        .on('mine.status', '!=', 'CANCELLED'),
    )
    .select(['mine.id as signup_id', 'mine.status as signup_status'])
    .$narrowType<{ signup_status: LiveSignupStatus | null }>();
}

/** Only the rounds the user is signed up on: starts from the user's sign-ups (indexed). */
function signedUpRoundsOf(db: Db, userId: number) {
  return roundsWithCounts(db)
    .innerJoin('round_signups as mine', (join) =>
      join
        .onRef('mine.round_id', '=', 'r.id')
        .on('mine.user_id', '=', userId)
        .on('mine.status', '!=', 'CANCELLED'),
    )
    .select(['mine.id as signup_id', 'mine.status as signup_status'])
    .$narrowType<{ signup_status: LiveSignupStatus }>();
}

// Counts arrive as numbers on both dialects (int8 is parsed as a number), null without sign-ups.
function withCounts<T extends { confirmed: number | null; waitlisted: number | null }>(row: T) {
  return { ...row, confirmed: row.confirmed ?? 0, waitlisted: row.waitlisted ?? 0 };
}

/** Every round that is not cancelled, with the user's sign-up on each; by start time. */
export async function listOpenCalendar(db: Db, userId: number): Promise<RoundForUser[]> {
  const rows = await roundsForUser(db, userId)
    .where('r.status', '!=', 'CANCELLED')
    .orderBy('r.start_time')
    .orderBy('r.id')
    .execute();
  return rows.map(withCounts);
}

/** The rounds the user holds a live sign-up on (CONFIRMED or WAITLISTED), by start time. */
export async function listSignedUpRounds(db: Db, userId: number): Promise<RoundForUser[]> {
  const rows = await signedUpRoundsOf(db, userId).orderBy('r.start_time').orderBy('r.id').execute();
  return rows.map(withCounts);
}

export async function findRoundForUser(
  db: Db,
  roundId: number,
  userId: number,
): Promise<RoundForUser | undefined> {
  const row = await roundsForUser(db, userId).where('r.id', '=', roundId).executeTakeFirst();
  return row === undefined ? undefined : withCounts(row);
}

/** All rounds, or only those not ended and still SCHEDULED / IN_PROGRESS; by start time. */
export async function listAdminRounds(
  db: Db,
  filter: { upcomingAt?: Date } = {},
): Promise<RoundWithCounts[]> {
  let query = roundsWithCounts(db);
  if (filter.upcomingAt !== undefined) {
    query = query
      .where('r.end_time', '>', filter.upcomingAt.toISOString())
      .where('r.status', 'in', ['SCHEDULED', 'IN_PROGRESS']);
  }
  const rows = await query.orderBy('r.start_time').orderBy('r.id').execute();
  return rows.map(withCounts);
}

export async function findAdminRound(
  db: Db,
  roundId: number,
): Promise<RoundWithCounts | undefined> {
  const row = await roundsWithCounts(db).where('r.id', '=', roundId).executeTakeFirst();
  return row === undefined ? undefined : withCounts(row);
}

/**
 * The round, locked for the rest of the transaction: every write that depends on its
 * capacity (sign-up, confirm, lottery, update) takes this lock first, so they run one at a
 * time per round. PostgreSQL: SELECT … FOR UPDATE. SQLite has no row locks and needs none:
 * its write transactions begin IMMEDIATE and run one at a time.
 */
export async function lockRound(
  trx: Db,
  roundId: number,
  rowLocks: boolean,
): Promise<RoundRow | undefined> {
  const query = trx.selectFrom('rounds as r').select(ROUND_COLUMNS).where('r.id', '=', roundId);
  return (rowLocks ? query.forUpdate() : query).executeTakeFirst();
}
