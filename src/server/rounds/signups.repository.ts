// The round_signups table: one row per volunteer per round (unique (round_id, user_id)),
// CONFIRMED or WAITLISTED. Writes happen with the round locked (rounds.repository lockRound).
import type { Db } from '../db/kysely.ts';
import type { SignupStatus } from '../db/schema.ts';
import type { SignupRow, SignupWithUser } from './rounds.types.ts';

export async function findSignup(db: Db, signupId: number): Promise<SignupRow | undefined> {
  return db
    .selectFrom('round_signups')
    .select(['id', 'round_id', 'user_id', 'status'])
    .where('id', '=', signupId)
    .executeTakeFirst();
}

export async function findUserSignup(
  db: Db,
  roundId: number,
  userId: number,
): Promise<SignupRow | undefined> {
  return db
    .selectFrom('round_signups')
    .select(['id', 'round_id', 'user_id', 'status'])
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
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
  signup: { roundId: number; userId: number; status: SignupStatus },
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

export async function confirmSignups(trx: Db, signupIds: number[]): Promise<void> {
  if (signupIds.length === 0) return;
  await trx
    .updateTable('round_signups')
    .set({ status: 'CONFIRMED' })
    .where('id', 'in', signupIds)
    .execute();
}

export async function deleteSignup(trx: Db, signupId: number): Promise<void> {
  await trx.deleteFrom('round_signups').where('id', '=', signupId).execute();
}

/** The round's sign-ups with names, optionally of one status; oldest first. */
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
      'u.username',
      'u.first_name',
      'u.last_name',
    ])
    .where('s.round_id', '=', roundId);
  if (status !== undefined) query = query.where('s.status', '=', status);
  return query.orderBy('s.created_at').orderBy('s.id').execute();
}
