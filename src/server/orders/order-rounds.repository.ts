// What orders need to know of rounds and sign-ups: the next upcoming round, a round's status,
// and whether a volunteer is CONFIRMED on a round (domain-decisions.md "Rounds and sign-ups").
import type { Transaction } from 'kysely';
import type { Db } from '../db/kysely.ts';
import type { Database, RoundStatus } from '../db/schema.ts';

type Trx = Transaction<Database>;

/** The earliest non-cancelled round that starts after `now`, or null when there is none. */
export async function nextRoundId(db: Db | Trx, now: Date): Promise<number | null> {
  const row = await db
    .selectFrom('rounds')
    .select('id')
    .where('status', '!=', 'CANCELLED')
    .where('start_time', '>', now.toISOString())
    .orderBy('start_time')
    .orderBy('id')
    .limit(1)
    .executeTakeFirst();
  return row?.id ?? null;
}

export async function roundStatus(db: Db | Trx, roundId: number): Promise<RoundStatus | undefined> {
  const row = await db
    .selectFrom('rounds')
    .select('status')
    .where('id', '=', roundId)
    .executeTakeFirst();
  return row?.status;
}

export async function isConfirmedOn(
  db: Db | Trx,
  roundId: number,
  userId: number,
): Promise<boolean> {
  const row = await db
    .selectFrom('round_signups')
    .select('id')
    .where('round_id', '=', roundId)
    .where('user_id', '=', userId)
    .where('status', '=', 'CONFIRMED')
    .executeTakeFirst();
  return row !== undefined;
}
