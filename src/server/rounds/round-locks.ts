// How a rounds write locks its round before anything that depends on the round's capacity is
// read, and the rounds' not-found messages.
import type { WriteContext } from '../db/write-context.ts';
import { notFound } from '../errors.ts';
import { message } from '#shared/i18n/messages';
import { lockRound } from './rounds.repository.ts';
import type { RoundRow } from './rounds.types.ts';

export const ROUND_NOT_FOUND = message('server.rounds.notFound');
export const SIGNUP_NOT_FOUND = message('server.rounds.signupNotFound');

export async function lockExistingRound(ctx: WriteContext, roundId: number): Promise<RoundRow> {
  const round = await lockRound(ctx.trx, roundId, ctx.rowLocks);
  if (round === undefined) throw notFound(ROUND_NOT_FOUND);
  return round;
}
