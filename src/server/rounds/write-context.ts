// The context of a rounds write: its transaction, its clock, and how the round is locked
// before anything that depends on the round's capacity is read.
import type { Db } from '../db/kysely.ts';
import { notFound } from '../errors.ts';
import { lockRound, type RoundRow } from './rounds.repository.ts';

/** What every rounds write needs: the transaction, the clock, and whether to lock rows. */
export interface WriteContext {
  trx: Db;
  now: Date;
  /** True on PostgreSQL (SELECT … FOR UPDATE); SQLite transactions are serialised anyway. */
  rowLocks: boolean;
}

export const ROUND_NOT_FOUND = 'Round not found.';
export const SIGNUP_NOT_FOUND = 'Sign-up not found.';

export async function lockExistingRound(ctx: WriteContext, roundId: number): Promise<RoundRow> {
  const round = await lockRound(ctx.trx, roundId, ctx.rowLocks);
  if (round === undefined) throw notFound(ROUND_NOT_FOUND);
  return round;
}
