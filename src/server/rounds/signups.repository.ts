// The round_signups table: CONFIRMED or WAITLISTED while live, at most one live row per
// volunteer per round (a partial unique index); a volunteer's cancel keeps the row as
// CANCELLED with its time, for the record, and a later sign-up is a new row. Writes happen
// with the round locked (rounds.repository lockRound).
import { sql } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { LiveSignupStatus, SignupStatus } from '../db/schema.ts';
import type { SignupRow, SignupWithUser } from './rounds.types.ts';

export async function findSignup(db: Db, signupId: number): Promise<SignupRow | undefined> {
  return db
    .selectFrom('round_signups')
    .select(['id', 'round_id', 'user_id', 'status'])
    .where('id', '=', signupId)
    .executeTakeFirst();
}

/** The volunteer's live (not CANCELLED) sign-up on the round, if any. */
export async function findLiveSignup(
  db: Db,
  roundId: number,
  userId: number,
): Promise<SignupRow | undefined> {
  return db
    .selectFrom('round_signups')
    .select(['id', 'round_id', 'user_id', 'status'])
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .where('status', '!=', 'CANCELLED')
    .executeTakeFirst();
}

export async function countConfirmed(trx: Db, roundId: number): Promise<number> {
  const row = await trx
    .selectFrom('round_signups')
    .select((eb) => eb.fn.countAll<number>().as('count'))
    .where('round_id', '=', roundId)
    .where('status', '=', 'CONFIRMED')
    .executeTakeFirstOrThrow();
  return row.count;
}

export async function insertSignup(
  trx: Db,
  signup: { roundId: number; userId: number; status: LiveSignupStatus },
  now: Date,
): Promise<number> {
  const row = await trx
    .insertInto('round_signups')
    .values({
      round_id: signup.roundId,
      user_id: signup.userId,
      status: signup.status,
      created_at: now.toISOString(),
    })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** WAITLISTED → CONFIRMED; a CANCELLED sign-up is never brought back this way. */
export async function confirmSignups(trx: Db, signupIds: number[]): Promise<void> {
  if (signupIds.length === 0) return;
  await trx
    .updateTable('round_signups')
    .set({ status: 'CONFIRMED' })
    .where('id', 'in', signupIds)
    .where('status', '=', 'WAITLISTED')
    .execute();
}

/** The volunteer's cancel: the row stays, CANCELLED at `now`, and holds no slot any more. */
export async function markSignupCancelled(trx: Db, signupId: number, now: Date): Promise<void> {
  await trx
    .updateTable('round_signups')
    .set({ status: 'CANCELLED', cancelled_at: now.toISOString() })
    .where('id', '=', signupId)
    .where('status', '!=', 'CANCELLED')
    .execute();
}

/** An admin's reject (domain-decisions.md: the sign-up is deleted). */
export async function deleteSignup(trx: Db, signupId: number): Promise<void> {
  await trx.deleteFrom('round_signups').where('id', '=', signupId).execute();
}

/**
 * The round's sign-ups with names, optionally of one status: the live ones first, oldest
 * first, then the CANCELLED ones in the order they were cancelled.
 */
export async function listRoundSignups(
  db: Db,
  roundId: number,
  status?: SignupStatus,
): Promise<SignupWithUser[]> {
  let query = db
    .selectFrom('round_signups as s')
    .innerJoin('users as u', 'u.id', 's.user_id')
    .select([
      's.id',
      's.round_id',
      's.user_id',
      's.status',
      's.created_at',
      's.cancelled_at',
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .where('s.round_id', '=', roundId);
  if (status !== undefined) query = query.where('s.status', '=', status);
  return query
    .orderBy(sql`case when s.status = 'CANCELLED' then 1 else 0 end`)
    .orderBy(sql`coalesce(s.cancelled_at, s.created_at)`)
    .orderBy('s.id')
    .execute();
}
